"""Training on the C-stepped `VectorEnv`: MaskablePPO (sb3-contrib), and a tiny NumPy learner.

Without a C compiler (or for games the C loop does not step) the example runs on
`PythonVectorEnv` (`make_vector_env`'s fallback, after one warning): the same games, slower.

    python -m durakc.rl.maskable_ppo [--variant transfer] [--envs 64] [--steps 200000]

trains sb3-contrib's `MaskablePPO` (an optional package with PyTorch: `pip install
sb3-contrib`) on `VectorEnv` through `sb3_vec_env`, the adapter to stable-baselines3's VecEnv
API (same-step autoreset with `terminal_observation`, `action_masks` for the masked policy),
then prints its loss rate against the opponents beside a random learner's.  Without
sb3-contrib it says so and trains `MaskedBiasLearner` instead: a softmax over legal actions
of one learned preference per action index, REINFORCE with a baseline over the N games at
once, in NumPy (the in-repo example the tests train).
"""

from __future__ import annotations

import argparse
import sys

from durakc.rl import require
from durakc.rl.vector_auto import make_vector_env
from durakc.rl.vector_env import VectorEnv
from durakc.rl.vector_speed import random_legal

np = require("numpy")

SB3_MISSING = "sb3-contrib is not installed (pip install sb3-contrib)"


class MaskedBiasLearner:
    """A softmax over each game's legal actions of a learned score per action index."""

    def __init__(self, num_actions: int, learning_rate: float = 0.1, seed: int = 0):
        self.scores = np.zeros(num_actions)
        self.learning_rate = learning_rate
        self.baseline = 0.0
        self.rng = np.random.default_rng(seed)

    def probabilities(self, masks):
        """(N, A) action probabilities: the softmax of the scores over each row's legal actions."""
        logits = np.where(masks > 0, self.scores, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        weights = np.exp(logits)
        return weights / weights.sum(axis=1, keepdims=True)

    def act(self, masks, explore: bool = True):
        """An action per row: sampled from the probabilities, or the best-scored legal one."""
        if not explore:
            return np.where(masks > 0, self.scores, -np.inf).argmax(axis=1)
        cumulative = self.probabilities(masks).cumsum(axis=1)
        draws = self.rng.random((len(masks), 1)) * cumulative[:, -1:]
        return np.minimum((cumulative < draws).sum(axis=1), masks.shape[1] - 1)

    def train(self, envs: VectorEnv, steps: int, seed: int = 0) -> int:
        """REINFORCE over `steps` learner steps of every game; returns the episodes learned."""
        n = envs.num_envs
        grads = np.zeros((n, len(self.scores)))  # each game's summed log-probability gradient
        episodes = 0
        obs, _ = envs.reset(seed=seed)
        pending = np.zeros(n, bool)  # reset by this step: its action is ignored
        for _ in range(steps):
            masks = obs["action_mask"]
            probs = self.probabilities(np.where(pending[:, None], 1, masks))
            actions = self.act(np.where(pending[:, None], 1, masks))
            live = ~pending
            grads[live] -= probs[live]
            grads[np.flatnonzero(live), actions[live]] += 1.0
            obs, rewards, terms, truncs, _ = envs.step(actions)
            done = terms | truncs
            for k in np.flatnonzero(done):
                episodes += 1
                self.baseline += (rewards[k] - self.baseline) / min(episodes, 200)
                self.scores += self.learning_rate * (rewards[k] - self.baseline) * grads[k] / n
                grads[k] = 0.0
            pending = done
        return episodes


def loss_rate(envs: VectorEnv, policy, games: int, seed: int = 10_000) -> float:
    """The share of lost games (a negative final reward: the learner is the durak) among
    the first `games` ones played by `policy(obs)` (the batch's observations -> actions)."""
    obs, _ = envs.reset(seed=seed)
    lost = played = 0
    while played < games:
        obs, rewards, terms, truncs, _ = envs.step(policy(obs))
        ended = np.flatnonzero(terms | truncs)
        played += len(ended)
        lost += int(np.sum(rewards[ended] < 0))
    return lost / played


def sb3_vec_env(venv: VectorEnv):
    """`venv` as a stable-baselines3 VecEnv (ImportError without stable-baselines3)."""
    from stable_baselines3.common.vec_env import VecEnv

    class _Adapter(VecEnv):
        def __init__(self):
            super().__init__(venv.num_envs, venv.single_observation_space,
                             venv.single_action_space)
            self._actions = None

        def reset(self):
            seeds = list(getattr(self, "_seeds", []) or [])
            obs, _ = venv.reset(seed=seeds if any(s is not None for s in seeds) else None)
            if hasattr(self, "_reset_seeds"):
                self._reset_seeds()
            return obs

        def step_async(self, actions):
            self._actions = actions

        def step_wait(self):
            obs, rewards, terms, truncs, _ = venv.step(self._actions)
            done = terms | truncs
            infos = [{"TimeLimit.truncated": bool(truncs[k] and not terms[k])}
                     for k in range(venv.num_envs)]
            if done.any():  # stable-baselines3 resets in the same step
                for k in np.flatnonzero(done):
                    infos[k]["terminal_observation"] = {key: value[k] for key, value in obs.items()}
                obs = venv.reset_done()
            return obs, rewards.astype(np.float32), done, infos

        def close(self):
            venv.close()

        def get_attr(self, attr_name, indices=None):
            return [getattr(venv, attr_name)] * len(list(self._get_indices(indices)))

        def set_attr(self, attr_name, value, indices=None):
            raise AttributeError("the durakc VectorEnv's games have no attributes to set")

        def env_method(self, method_name, *args, indices=None, **kwargs):
            if method_name != "action_masks":
                raise AttributeError(f"the durakc VectorEnv has no per-game {method_name!r}")
            masks = venv.action_masks()
            return [masks[k] for k in self._get_indices(indices)]

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False] * len(list(self._get_indices(indices)))

    return _Adapter()


def train_maskable_ppo(variant: str, envs: int, steps: int, seed: int = 0, **ppo_kwargs):
    """A MaskablePPO model trained for `steps` steps on VectorEnv(envs, variant); the keyword
    arguments go to MaskablePPO (n_steps, batch_size, n_epochs, ...)."""
    from sb3_contrib import MaskablePPO
    vec = sb3_vec_env(make_vector_env(envs, variant=variant))
    model = MaskablePPO("MultiInputPolicy", vec, seed=seed, verbose=0, **ppo_kwargs)
    return model.learn(total_timesteps=steps)


def main(argv=None) -> int:
    """Train (MaskablePPO, else the NumPy learner) and print loss rates against random play."""
    parser = argparse.ArgumentParser(prog="python -m durakc.rl.maskable_ppo",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="transfer")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200_000, help="learner steps in all")
    parser.add_argument("--games", type=int, default=2000, help="evaluation games")
    args = parser.parse_args(argv)
    envs = make_vector_env(args.envs, variant=args.variant)
    rng = np.random.default_rng(1)
    baseline = loss_rate(envs, lambda obs: random_legal(obs["action_mask"], rng), args.games)
    try:
        model = train_maskable_ppo(args.variant, args.envs, args.steps)
        label = "MaskablePPO"

        def policy(obs):
            return model.predict(obs, action_masks=obs["action_mask"], deterministic=True)[0]
    except ImportError:
        print(f"{SB3_MISSING}: training the NumPy MaskedBiasLearner instead", file=sys.stderr)
        learner = MaskedBiasLearner(int(envs.single_action_space.n))
        learner.train(envs, args.steps // args.envs)
        label = "MaskedBiasLearner"

        def policy(obs):
            return learner.act(obs["action_mask"], explore=False)
    trained = loss_rate(envs, policy, args.games)
    print(f"{args.variant}, {args.games} games against greedy bots: random learner loses "
          f"{baseline:.1%}, {label} loses {trained:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
