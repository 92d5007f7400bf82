"""A small learner for the Gymnasium environment: Monte Carlo control over action features.

It sees only what an RL agent sees: the action mask, the observation vector's trump block,
and the meaning of each action index (`DurakEncoding.action_text`).  Each legal action is
reduced to a feature (kind, number of cards, whether the card played is a trump, low / middle
/ high rank); the learner keeps the mean final reward of the features it chose and picks the
best legal one, exploring with probability epsilon.  docs/rl.md shows it in use; the tests
train it for a few thousand steps and check that it beats a uniformly random policy.
"""

from __future__ import annotations

import random
from collections import defaultdict

from compiler.rl import require

np = require("numpy")


class FeatureLearner:
    """Epsilon-greedy Monte Carlo control on (kind, size, trump, rank band) features."""

    def __init__(self, encoding, epsilon: float = 0.1, seed: int = 0):
        self.encoding = encoding
        self.epsilon = epsilon
        self.rng = random.Random(seed)
        self.total = defaultdict(float)
        self.count = defaultdict(int)
        self._features: dict = {}

    def feature(self, index: int, trump: str | None) -> tuple:
        """(kind, cards, card played is trump, rank band 0-2) of an action index."""
        key = (index, trump)
        if key not in self._features:
            kind, *cards = self.encoding.action_text(index).split()
            played = cards[-1] if cards else None  # the defence card of a beat
            if played is None:
                self._features[key] = (kind, 0, False, 0)
            else:
                band = 3 * self.encoding.ranks.index(played[:-1]) // len(self.encoding.ranks)
                self._features[key] = (kind, len(cards), played[-1] == trump, band)
        return self._features[key]

    def value(self, feature) -> float:
        """Mean final reward after choosing `feature`; untried features count as 0."""
        n = self.count[feature]
        return self.total[feature] / n if n else 0.0

    def act(self, obs, explore: bool = True) -> tuple[int, tuple]:
        """(action index, its feature) for an observation dict of the environment."""
        legal = np.flatnonzero(obs["action_mask"])
        trump = self.trump(obs["observation"])
        if explore and self.rng.random() < self.epsilon:
            index = int(legal[self.rng.randrange(len(legal))])
        else:
            # ties are broken at random, so an untrained learner plays like a random policy
            scored = [(self.value(self.feature(int(i), trump)), self.rng.random(), int(i))
                      for i in legal]
            index = max(scored)[2]
        return index, self.feature(index, trump)

    def trump(self, vector) -> str | None:
        """The trump suit from the observation's one-hot block (None without trumps)."""
        block = self.encoding.layout.block(vector, "trump_suit")
        slot = int(np.argmax(block))
        return self.encoding.suits[slot] if slot < len(self.encoding.suits) else None

    def learn(self, features, reward: float) -> None:
        """Credit every feature chosen in an episode with its final reward."""
        for feature in features:
            self.total[feature] += reward
            self.count[feature] += 1


def train(env, learner: FeatureLearner, steps: int, seed: int = 0) -> int:
    """Play episodes until `steps` learner steps have been taken; returns the episodes played."""
    taken, episodes = 0, 0
    while taken < steps:
        obs, _ = env.reset(seed=seed + episodes)
        chosen, done, reward = [], False, 0.0
        while not done:
            index, feature = learner.act(obs)
            chosen.append(feature)
            obs, reward, done, truncated, _ = env.step(index)
            done = done or truncated
            taken += 1
        learner.learn(chosen, reward)
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
