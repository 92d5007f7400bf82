"""A small learner for the Gymnasium environment: a linear softmax policy trained by REINFORCE.

It sees only what an RL agent sees: the action mask, the observation vector's trump block,
and the meaning of each action index (`DurakEncoding.action_text`).  Each legal action is
described by a few features of its kind and of the card it plays (a trump or not, low / middle
/ high rank, how many cards); the policy's preference for an action is the sum of its
features' weights.  After each game the weights move along the log-likelihood gradient of
the actions chosen, scaled by how much better the final reward was than the running mean
(REINFORCE with a baseline).  Because the gradient compares the chosen action with the other
legal actions of the same state, a good or bad deal does not bias it.  docs/rl.md shows it
in use; the tests train it for a few thousand steps and check that it beats a random policy.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict

from durakc.rl import require

np = require("numpy")


class SoftmaxLearner:
    """Softmax over legal actions of summed feature weights; REINFORCE updates."""

    def __init__(self, encoding, learning_rate: float = 0.05, seed: int = 0):
        self.encoding = encoding
        self.learning_rate = learning_rate
        self.rng = random.Random(seed)
        self.tie_rng = random.Random(seed + 1)  # greedy play never disturbs training's draws
        self.weights: defaultdict = defaultdict(float)
        self.baseline = 0.0
        self.episodes = 0
        self._features: dict = {}

    def features(self, index: int, trump: str | None) -> tuple:
        """The features of an action index: its kind, and with the card it plays (the
        defence card of a beat) whether that is a trump, its rank band 0-2, the cards."""
        key = (index, trump)
        if key not in self._features:
            kind, *cards = self.encoding.action_text(index).split()
            if not cards:
                self._features[key] = (kind,)
            else:
                played = cards[-1]
                ranks = self.encoding.ranks
                band = 3 * ranks.index(played[:-1]) // len(ranks)
                is_trump = played[-1] == trump
                self._features[key] = (kind, (kind, "trump", is_trump), (kind, "band", band),
                                       (kind, "cards", len(cards)), (kind, is_trump, band))
        return self._features[key]

    def trump(self, vector) -> str | None:
        """The trump suit from the observation's one-hot block (None without trumps)."""
        block = self.encoding.layout.block(vector, "trump_suit")
        slot = int(np.argmax(block))
        return self.encoding.suits[slot] if slot < len(self.encoding.suits) else None

    def act(self, obs, explore: bool = True):
        """(action index, gradient) for an observation dict of the environment.

        Exploring samples from the softmax and returns the gradient of its log-probability;
        otherwise the best-scored action (ties at random) and None.
        """
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        trump = self.trump(obs["observation"])
        feats = [self.features(i, trump) for i in legal]
        scores = [sum(self.weights[f] for f in fs) for fs in feats]
        if not explore:
            best = max(range(len(legal)), key=lambda j: (scores[j], self.tie_rng.random()))
            return legal[best], None
        top = max(scores)
        probs = [math.exp(s - top) for s in scores]
        total = sum(probs)
        probs = [p / total for p in probs]
        chosen = self.rng.choices(range(len(legal)), probs)[0]
        grad: defaultdict = defaultdict(float)
        for fs, p in zip(feats, probs):
            for f in fs:
                grad[f] -= p
        for f in feats[chosen]:
            grad[f] += 1.0
        return legal[chosen], grad

    def learn(self, grads, reward: float) -> None:
        """One REINFORCE update from a finished episode's gradients and final reward."""
        self.episodes += 1
        self.baseline += (reward - self.baseline) / self.episodes
        step = self.learning_rate * (reward - self.baseline)
        for grad in grads:
            for f, g in grad.items():
                self.weights[f] += step * g


def train(env, learner: SoftmaxLearner, steps: int, seed: int = 0) -> int:
    """Play episodes (deals seed, seed+1, ...) until `steps` learner steps have been taken;
    returns the number of episodes."""
    taken, episodes = 0, 0
    while taken < steps:
        obs, _ = env.reset(seed=seed + episodes)
        grads, done, reward = [], False, 0.0
        while not done:
            index, grad = learner.act(obs)
            grads.append(grad)
            obs, reward, done, truncated, _ = env.step(index)
            done = done or truncated
            taken += 1
        learner.learn(grads, reward)
        episodes += 1
    return episodes


def losses(env, policy, games: int, seed: int) -> int:
    """Games the learner's seat lost among `games` deals (seeds seed..seed+games-1)."""
    lost = 0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        done, info = False, {}
        while not done:
            obs, _, done, truncated, info = env.step(policy(obs))
            done = done or truncated
        lost += info.get("loser") == env.seat
    return lost
