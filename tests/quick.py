"""The quick subset of the suite: `python -m pytest -n auto -m quick` (`.ci/run --quick`).

The whole suite runs every bundled variant through every shared suite (conformance,
invariants, differential, native, ...), about half an hour on 2 cores.  The quick
subset keeps every test, but:

- a test parametrized by bundled variant runs only for `QUICK_VARIANTS` (the transfer and
  podkidnoy profiles and a structural variant, teams with a series): its parametrization id
  names the variant (``transfer``, ``podkidnoy-3p``, ``pairs::PR2-...``);
- the tests in `SLOW` are left out: each took 4 s or more (summed over its parameters) in
  `python -m pytest -n auto --durations=0` on 2 cores.  Refresh the list the same way when
  the quick run grows past 3 minutes.

The conftest marks the selected tests `quick`; nothing else changes how a test runs.
"""

from __future__ import annotations

import re

QUICK_VARIANTS = frozenset({"transfer", "podkidnoy", "pairs"})
"""The bundled variants the per-variant tests run for in the quick subset."""

SLOW = frozenset({
    "tests/unit/test_ir_typed.py::test_sections_hold_trees_and_data_never_target_source",  # every variant's IR: 6 s
    "tests/unit/test_ir_typed.py::test_every_bound_expression_is_its_keys_checked_tree_in_a_known_environment",  # 6 s
    "tests/native/test_c_cheating.py::test_the_c_api_plays_catches_as_the_python_engine",  # 3 s: compiles cheating.c
    "tests/sim/test_sim_options.py::test_chosen_options_play_the_rules_written_with_those_values",  # subprocesses: 8 s
    "tests/sim/test_sim_options.py::test_bad_options_are_usage_errors_before_any_game",  # subprocesses: 6 s
    "tests/sim/test_sim_options.py::test_defaults_play_the_rules_without_options",  # subprocesses: 6 s
    "tests/sim/test_sim_options.py::test_a_deck_of_52_plays_the_rules_written_with_52_cards",  # subprocesses: 5 s
    "tests/sim/test_sim_options.py::test_the_native_backend_plays_the_chosen_options_as_the_python_engine",  # subprocesses: 3 s
    "tests/sim/test_sim_options.py::test_bench_plays_the_chosen_options",  # subprocesses: 8 s
    "tests/sim/test_sim_options.py::test_bench_refuses_bad_options_with_the_engines_message",  # subprocesses: 4 s
    "tests/native/test_c_whole_games_options.py::test_bench_native_with_an_option_plays_whole_games_in_c",  # subprocesses: 3.5 s
    "tests/unit/test_redeal_keeps_options.py::test_the_c_engine_redeals_as_the_python_engine",  # builds a C engine: 5 s
    "tests/sim/test_sim_options.py::test_a_deck_too_small_for_the_players_is_a_usage_error",  # subprocesses: 3 s
    "tests/sim/test_sim_options.py::test_compare_gives_each_option_to_the_variants_declaring_it",  # subprocesses: 2 s
    "tests/native/test_nth_card.py::test_nth_card_names_the_kth_lowest_card_of_every_mask",  # 2-3 s
    "tests/native/test_nth_card.py::test_the_bench_loop_plays_the_python_games_on_both_paths",  # 3 s
    "tests/native/test_nth_card.py::test_mt_choice_is_the_double_arithmetic_for_every_draw",  # 3 s
    "tests/rl/test_vector_training.py::test_maskable_ppo_trains_on_the_vector_env",  # PyTorch: 5 s or more
    "tests/rl/test_vector_training.py::test_sb3_adapter_resets_ended_games_in_the_same_step",  # PyTorch: 4 s
    "tests/cli/test_spec_scale.py::test_the_cli_is_fast_on_many_errors",  # 2-4 s
    "tests/cli/test_no_compiler_refusals.py",  # one interpreter per command: 1-2 s each
    "tests/sim/test_sim_bots.py::test_bots_are_deterministic_given_the_rng",  # 2-4 s
    "tests/sim/test_sim_catching.py::test_simulate_runs_the_cheating_table_on_the_python_backend",  # 4 s
    "tests/sim/test_sim_endgame.py::test_solver_matches_exhaustive_minimax_on_a_sample_up_to_6_cards",  # 2-4 s
    "tests/sim/test_sim_paired.py::test_compare_shards_merge_to_the_whole_run_with_differences",  # 2-4 s
    "tests/sim/test_sim_report.py::test_a_team_variant_reports_each_teams_loss_rate",  # 2-4 s
    "tests/sim/test_sim_report.py::test_every_section_is_present_and_every_figure_has_an_interval",  # 2-4 s
    "tests/sim/test_sim_results.py::test_native_and_python_print_the_same_results",  # 4 s
    "tests/sim/test_sim_end_rule.py::test_native_and_python_print_the_same_end_rule_figures",  # 3-4 s
    "tests/sim/test_sim_end_rule.py::test_report_names_the_end_in_its_setting_and_json",  # 3 s
    "tests/sim/test_sim_results.py::test_report_has_a_results_section_with_points_where_scored",  # 2-3 s
    "tests/sim/test_sim_results.py::test_results_do_not_depend_on_shards",  # 5 s
    "tests/sim/test_sim_results.py::test_report_with_matches_shows_match_figures_counted_over_matches",  # 3 s
    "tests/sim/test_sim_teams.py::test_json_csv_and_table_show_the_teams",  # 2-4 s
    "tests/sim/test_sim_teams.py::test_team_runs_do_not_depend_on_jobs_or_shards",  # 2-4 s
    "tests/web/test_browser.py::test_a_comparison_shows_its_plot_and_a_witness",  # 2-4 s
    "tests/web/test_browser.py::test_a_damaged_link_says_so_and_shows_an_example",  # 2-4 s
    "tests/web/test_browser.py::test_a_share_link_restores_the_spec",  # 2-4 s
    "tests/web/test_browser.py::test_a_shared_game_opens_in_play",  # 2-4 s
    "tests/web/test_browser.py::test_diagnostics_of_the_largest_bundled_spec_within_300_ms",  # 2-4 s
    "tests/web/test_browser_refusals.py::test_an_empty_or_cut_link_says_so_and_shows_the_example",  # 2-4 s
    "tests/web/test_hardening.py::test_a_request_sent_a_byte_at_a_time_is_cut_at_its_deadline",  # 2-4 s
    "tests/web/test_hardening.py::test_the_engine_cache_keeps_the_engines_used_last",  # 2-4 s
    "tests/web/test_limits.py::test_work_over_its_time_limit_is_killed",  # 2-4 s
    "tests/web/test_source.py::test_the_diagnostics_are_those_of_durakc_compile",  # 2-4 s
    "tests/cli/test_cli.py::test_bad_option_is_usage_error",
    "tests/cli/test_cli.py::test_bench_bytecodes_column",
    "tests/cli/test_cli.py::test_bench_repeat_prints_the_median_and_range",
    "tests/cli/test_cli.py::test_bench_runs",
    "tests/cli/test_cli.py::test_check_reports_stale_missing_and_extra",
    "tests/cli/test_cli.py::test_compile_outside_spec_from_any_folder",
    "tests/cli/test_cli.py::test_compiling_every_bundled_variant_is_fast",
    "tests/cli/test_cli.py::test_console_script_matches_python_m",
    "tests/cli/test_cli.py::test_explain_names_rules_and_origins",
    "tests/cli/test_cli.py::test_help_on_each_command",
    "tests/cli/test_compile.py::test_bundled_specs_pass_strict_check",
    "tests/cli/test_compile.py::test_check_only_validates",
    "tests/cli/test_compile.py::test_default_output_is_the_current_folder",
    "tests/cli/test_compile.py::test_empty_folder_is_a_usage_error",
    "tests/cli/test_compile.py::test_folder_compiles_every_spec_in_it",
    "tests/cli/test_compile.py::test_json_diagnostics",
    "tests/cli/test_compile.py::test_json_of_a_clean_spec_is_an_empty_list",
    "tests/cli/test_compile.py::test_readme_warning_example",
    "tests/cli/test_compile.py::test_strict_makes_warnings_errors",
    "tests/cli/test_compile.py::test_warnings_are_printed_and_the_engine_written",
    "tests/cli/test_compile.py::test_warnings_do_not_change_the_engine",
    "tests/cli/test_engine_main.py::test_bad_command_line_is_a_usage_error",
    "tests/cli/test_engine_main.py::test_every_bundled_engine_refuses_too_many_players",
    "tests/cli/test_engine_main.py::test_user_engine_header_says_durakc_compile",
    "tests/cli/test_engine_refs.py::test_a_fresh_worker_process_loads_a_spec_ref",
    "tests/cli/test_engine_refs.py::test_an_engine_file_that_fails_to_import_is_a_clear_error",
    "tests/cli/test_engine_refs.py::test_bench_and_explain_take_a_bundled_name_and_a_generated_file",
    "tests/cli/test_engine_refs.py::test_compare_diff_play_bench_explain_take_a_spec_file",
    "tests/cli/test_engine_refs.py::test_diff_unknown_name_and_missing_files",
    "tests/cli/test_engine_refs.py::test_explain_an_engine_whose_spec_changed_uses_the_engine_alone",
    "tests/cli/test_engine_refs.py::test_simulate_a_spec_file",
    "tests/cli/test_engine_refs.py::test_simulate_a_spec_file_with_workers",
    "tests/cli/test_engine_refs.py::test_spec_errors_exit_1_with_positions",
    "tests/cli/test_engine_refs.py::test_unknown_name_suggests_bundled_names",
    "tests/cli/test_packaging.py",  # builds wheels and installs them
    "tests/web/test_browser_static.py",  # boots Pyodide in every page, 10-30 s a test
    "tests/cli/test_readme.py::test_console_example_runs",
    "tests/cli/test_readme.py::test_python_example_runs",
    "tests/cli/test_verify.py::test_the_readme_verify_example",
    "tests/cli/test_verify.py::test_usage_errors_exit_2",
    "tests/cli/test_verify.py::test_verify_longer_series_reach_the_ladders_later_deals",
    "tests/differential/test_differential.py::test_a_planted_engine_bug_is_found",
    "tests/differential/test_differential.py::test_fuzzed_spec_compiled_and_interpreted_agree",
    "tests/fuzz/test_fuzz_specs.py::test_mutated_specs_load_or_fail_cleanly",
    # the spec fuzz: its first specs are in the quick subset (..._quick), the others not
    "tests/fuzz/test_spec_targets.py::test_fuzzed_spec_runs_on_every_target",
    "tests/fuzz/test_spec_targets.py::test_spec_the_fuzz_found_is_refused_or_runs_on_every_target",
    "tests/native/test_c_sanitizers.py",  # ASan+UBSan builds of the engines (marker sanitize)
    "tests/native/test_env_walk.py",  # a spec per (environment, name, key), both targets
    "tests/native/test_popcnt.py::test_both_builds_play_the_same_games",
    "tests/native/test_target_repros.py::test_repro_plays_the_same_natively",
    "tests/native/test_user_specs.py::test_user_specs_play_identical_games_in_c",
    "tests/native/test_whole_games.py::test_native_output_is_byte_identical",
    ("tests/rl/test_gymnasium.py::"
     "test_the_example_learner_beats_a_random_policy_after_a_few_thousand_steps"),
    "tests/openspiel/test_ismcts.py::test_ismcts_beats_random_play_on_transfer",
    "tests/rl/test_rl_docs.py::test_learner_example_prints_the_figures_the_page_gives",
    "tests/sim/test_sim_dask.py",  # starts dask clusters
    "tests/sim/test_sim_memory.py::test_max_rss_does_not_grow_with_the_games",
    "tests/sim/test_sim_endgame.py::test_solver_matches_brute_force_1000",
    "tests/sim/test_sim_endgame.py::test_solver_matches_exhaustive_minimax_1000_up_to_6_cards",
    # issue 29's session: each 4 s or more (summed) in `-m quick --durations=0`, quick was 4 min 50 s
    "tests/differential/test_house_combinations.py::test_a_house_capability_over_a_structural_variant",
    "tests/native/test_target_repros.py::test_repro_c_compiles_strictly",
    "tests/cli/test_interrupt.py::test_ctrl_c_stops_a_long_command",
    "tests/unit/test_ctarget_refusal.py::test_build_skips_the_c_files_of_refused_variants_and_check_agrees",
    "tests/sim/test_sim_report.py::test_the_report_is_byte_identical_across_jobs_and_dask",
    "tests/unit/test_codegen.py::test_generation_is_byte_identical_across_runs",
    "tests/web/test_limits.py::test_a_recycled_worker_serves_until_its_replacement_is_ready",
    "tests/differential/test_spec_repros.py::test_python_engine_agrees_with_the_reference",
    "tests/cli/test_generated_headers.py::test_build_counts_the_engines_it_wrote_and_names_each_variant_without_c",
    "tests/cli/test_generated_headers.py::test_the_command_in_a_generated_header_writes_that_file_again",
    "tests/native/test_c_strict.py::test_generated_c_compiles_strictly",
    "tests/native/test_target_repros.py::test_repro_plays_as_the_reference",
    "tests/sim/test_sim_report.py::test_the_skill_games_are_those_of_simulate_with_the_bots_rotated",
    "tests/wasm/test_wasm_games.py::test_wasm_plays_the_python_games",
    "tests/wasm/test_wasm_games.py::test_capability_keys_take_their_values_in_wasm",  # 17 s
    "tests/wasm/test_wasm_abi.py::test_without_clang_it_says_how_to_install",
    "tests/wasm/test_wasm_abi.py::test_compile_writes_the_module_and_the_loader",
    # every test of these two files waits for `durakc build --target npm` and `npm pack` (30 s)
    "tests/npm/test_npm_package.py",
    "tests/npm/test_boardgame.py",
    "tests/npm/test_npm_compile.py::test_a_users_spec_packs_installs_and_plays_the_python_games",  # 6 s
    "tests/npm/test_npm_browser.py",
    "tests/npm/test_npm_options.py",  # waits for the package build too
    "tests/npm/test_bgio_server.py",  # the package build, then a served game over sockets: 5 s each
    "tests/npm/test_bgio_catches.py",  # waits for the package build too: 16 s
    # table settings in wasm: clang builds table.wasm and transfer.wasm (4 s each)
    "tests/wasm/test_wasm_options.py",
    "tests/wasm/test_wasm_playground.py::test_a_seeded_game_on_wasm_is_the_served_game",  # builds 4 modules: 20 s
    "tests/wasm/test_wasm_playground.py::test_a_later_seat_and_a_replayed_history_give_the_same_views",
    "tests/wasm/test_wasm_playground.py::test_what_wasm_does_not_answer_goes_to_python",
    "tests/wasm/test_wasm_compare.py",  # builds 2 modules, compares on both engines: 40 s
    "tests/web/test_static_wasm.py::test_the_folder_holds_the_workers_the_modules_the_index_and_meta",  # the site zip: 3 s
    "tests/web/test_browser_options.py::test_table_settings_are_toggles_and_the_game_follows_them",  # 2-6 s
    # issue 32 item 1: 56 wasm modules from clang, then 100 games of each (minutes)
    "tests/wasm/test_wasm_every_variant.py::test_the_build_makes_a_module_for_every_c_engine",
    "tests/wasm/test_wasm_every_variant.py::test_every_variant_plays_the_python_games",
    # issue 32 item 6: every command with PATH emptied of compilers (one interpreter each)
    "tests/sim/test_no_compiler_path.py",
    "tests/web/test_browser.py::test_a_game_against_bots_played_to_its_end",
    "tests/differential/test_deck_rank_everywhere.py::test_deck_rank_means_the_same_to_engine_and_reference",
    "tests/unit/test_house_gallery.py::test_build_writes_house_engines_flat_and_check_covers_them",
    "tests/web/test_timing.py::test_diagnostics_fit_300_ms_after_the_last_keystroke",
    "tests/web/test_hardening.py::test_64_slow_connections_and_nine_big_specs_leave_normal_requests_served",
    "tests/native/test_c_action_text.py::test_action_texts_and_parsing_match_python",
    "tests/native/test_popcnt.py::test_the_built_engine_has_the_instruction",
    # HR34 in the C vector env and in wasm: each builds the cheating engine's module (3-8 s)
    "tests/rl/test_vector_catches.py",
    "tests/wasm/test_wasm_catches.py",
    # issue 33 item 3: six games' pairs on both backends, about 5 s summed on 2 loaded cores
    "tests/rl/test_infostate.py::test_python_and_native_engines_give_the_same_information_state",
})
"""Tests (``file::function``) or whole files left out of the quick subset."""


def variant_of(param_id: str, names: list[str]) -> str | None:
    """The bundled variant a parametrization id names: the one that comes first in it, as a
    whole word (between start, end, '-', ':' or '/'), the longest at one place."""
    found: list[tuple[int, int, str]] = []
    for name in names:
        match = re.search(rf"(?:^|[-:/]){re.escape(name)}(?=$|[-:/])", param_id)
        if match:
            start = match.start() + (match.group(0)[0] in "-:/")
            found.append((start, -len(name), name))
    return min(found)[2] if found else None


def is_quick(nodeid: str, param_id: str | None, names: list[str]) -> bool:
    """Whether the test `nodeid` (with parametrization id `param_id`) is in the quick subset."""
    function = nodeid.split("[", 1)[0]
    if function in SLOW or function.split("::", 1)[0] in SLOW:
        return False
    variant = variant_of(param_id, names) if param_id else None
    return variant is None or variant in QUICK_VARIANTS
