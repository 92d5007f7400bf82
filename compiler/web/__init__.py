"""The browser playground behind `durakc serve`: edit a spec with live diagnostics, read its
rules in plain words, play it against bots, compare it with another variant, share it.

Layers, lowest first (a module only imports those above it in this list):

- `errors`, `limits`: the API's error type; every bound the server enforces (sizes, time
  limits, workers, queues);
- `source`: a spec given as text (from the browser) checked or compiled like a file;
- `play`, `tasks`: the work itself (diagnostics, explain, a game step, a comparison), run
  inside worker processes;
- `pool`, `worker`: the bounded pool of worker processes, killed and replaced at a time limit;
- `validate`, `jobs`: request bodies checked before any work; long comparisons as jobs;
- `server`: the HTTP server (standard library only) and its JSON API, serving `static/`.
"""
