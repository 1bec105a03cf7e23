//! Every tunable search constant, in one table.
//!
//! Depths are in plies, margins in centipawns. The values follow common practice in strong
//! open-source engines, scaled to this evaluation; `tools/match/spsa.py` tunes them. Fourteen
//! (the LMR, futility, SEE, history-pruning, ProbCut, null-move eval and aspiration values) come
//! from an SPSA of 1000 game pairs at 1+0.01 (`docs/lab/runs/2026-11-27-spsa-search/`),
//! accepted by an SPRT at 5+0.05 (+16.2 ± 11.9 Elo over 590 pairs,
//! `docs/lab/runs/2026-11-27-sprt-spsa/`).
//!
//! [`PARAMS`] is what the engine plays with. Each engine instance keeps its own copy, which the
//! hidden UCI options of [`SearchParams::named`] change (`setoption name rfp_margin value
//! 90`): they are not listed by `uci`, so GUIs never show them, and exist for the tuner.

/// The search parameter table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchParams {
    // Aspiration windows
    pub asp_min_depth: i32,
    pub asp_initial_window: i32,
    /// The window grows by this factor (in 1/16ths) after each failure.
    pub asp_growth_x16: i32,

    // Razoring: far below alpha at low depth, a quiescence search that confirms it ends the node.
    pub razor_max_depth: i32,
    pub razor_margin_per_depth: i32,

    // Reverse futility (static null move)
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,
    pub rfp_improving_margin: i32,

    // Null move
    pub nmp_min_depth: i32,
    pub nmp_base_reduction: i32,
    pub nmp_depth_divisor: i32,
    pub nmp_eval_divisor: i32,
    pub nmp_max_eval_reduction: i32,

    // Internal iterative reduction
    pub iir_min_depth: i32,

    // Futility pruning of quiet moves
    pub fp_max_depth: i32,
    pub fp_base: i32,
    pub fp_per_depth: i32,

    // Late move pruning: skip quiets after (base + depth^2) / divisor moves
    pub lmp_max_depth: i32,
    pub lmp_base: i32,
    pub lmp_improving_divisor: i32,
    pub lmp_divisor: i32,

    // History pruning: quiet moves (not killers or the countermove) whose history sum is below
    // -`hist_prune_per_depth` × depth, at this depth or less.
    pub hist_prune_max_depth: i32,
    pub hist_prune_per_depth: i32,

    // SEE pruning
    pub see_quiet_max_depth: i32,
    pub see_quiet_per_depth: i32,
    pub see_noisy_per_depth_sq: i32,

    // Late move reductions: r = base + ln(depth) * ln(moves) / divisor (in 1/100ths)
    pub lmr_min_depth: i32,
    pub lmr_base_x100: i32,
    pub lmr_divisor_x100: i32,
    pub lmr_history_divisor: i32,
    /// After a reduced search beats alpha, the re-search goes a ply deeper when the result
    /// beat the best score by `lmr_deeper_base` + `lmr_deeper_per_depth` × the unreduced new
    /// depth, a ply shallower when by less than `lmr_shallower_margin`.
    pub lmr_deeper_base: i32,
    pub lmr_deeper_per_depth: i32,
    pub lmr_shallower_margin: i32,

    // History
    pub history_max: i32,
    pub history_bonus_per_depth: i32,
    pub history_bonus_max: i32,
    /// Butterfly bonus per centipawn a quiet move gave away by static eval (negated), and its cap.
    pub eval_diff_mult: i32,
    pub eval_diff_max: i32,

    // Quiescence
    pub qs_futility_margin: i32,

    // Extensions
    pub max_check_extension_ply_factor: i32,
    /// Singular extensions: from this depth, with a TT entry at most `se_tt_depth_margin`
    /// shallower, against the TT score less `se_margin_per_depth` per ply of depth.
    pub se_min_depth: i32,
    pub se_tt_depth_margin: i32,
    pub se_margin_per_depth: i32,
    /// A singular move whose alternatives fail this far below the singular bound is extended
    /// two plies (outside PV nodes), at most `se_max_double` times on one path.
    pub se_double_margin: i32,
    pub se_max_double: i32,

    // ProbCut: from this depth, a capture whose reduced search beats beta + margin cuts the node.
    pub probcut_min_depth: i32,
    pub probcut_margin: i32,
    pub probcut_reduction: i32,
}

/// The values the engine plays with.
pub const PARAMS: SearchParams = SearchParams {
    asp_min_depth: 5,
    asp_initial_window: 13,
    asp_growth_x16: 24,

    razor_max_depth: 3,
    razor_margin_per_depth: 300,

    rfp_max_depth: 8,
    rfp_margin: 81,
    rfp_improving_margin: 60,

    nmp_min_depth: 3,
    nmp_base_reduction: 3,
    nmp_depth_divisor: 4,
    nmp_eval_divisor: 178,
    nmp_max_eval_reduction: 3,

    iir_min_depth: 4,

    fp_max_depth: 8,
    fp_base: 116,
    fp_per_depth: 65,

    lmp_max_depth: 8,
    lmp_base: 3,
    lmp_improving_divisor: 1,
    lmp_divisor: 2,

    hist_prune_max_depth: 4,
    hist_prune_per_depth: 4367,

    see_quiet_max_depth: 8,
    see_quiet_per_depth: 42,
    see_noisy_per_depth_sq: 31,

    lmr_min_depth: 3,
    lmr_base_x100: 87,
    lmr_divisor_x100: 203,
    lmr_history_divisor: 16770,
    lmr_deeper_base: 50,
    lmr_deeper_per_depth: 2,
    lmr_shallower_margin: 10,

    history_max: 16384,
    history_bonus_per_depth: 323,
    history_bonus_max: 2400,
    eval_diff_mult: 20,
    eval_diff_max: 2400,

    qs_futility_margin: 101,

    max_check_extension_ply_factor: 2,

    se_min_depth: 8,
    se_tt_depth_margin: 3,
    se_margin_per_depth: 2,
    se_double_margin: 20,
    se_max_double: 6,

    probcut_min_depth: 5,
    probcut_margin: 161,
    probcut_reduction: 4,
};

/// Writes the name table and the accessors of the tunable fields from one list, so that a
/// name and its field cannot drift apart.
macro_rules! tunable {
    ($($field:ident),* $(,)?) => {
        impl SearchParams {
            /// The tunable field called `name` (case-insensitive), if there is one.
            pub fn field_mut(&mut self, name: &str) -> Option<&mut i32> {
                let name = name.trim().to_ascii_lowercase();
                $(if name == stringify!($field) {
                    return Some(&mut self.$field);
                })*
                None
            }

            /// Every parameter a tuner may set, with its value: every field but `history_max`,
            /// which sizes the history tables' saturation and is fixed.
            pub fn named(&self) -> Vec<(&'static str, i32)> {
                vec![$((stringify!($field), self.$field)),*]
            }
        }
    };
}

tunable!(
    asp_min_depth,
    asp_initial_window,
    asp_growth_x16,
    razor_max_depth,
    razor_margin_per_depth,
    rfp_max_depth,
    rfp_margin,
    rfp_improving_margin,
    nmp_min_depth,
    nmp_base_reduction,
    nmp_depth_divisor,
    nmp_eval_divisor,
    nmp_max_eval_reduction,
    iir_min_depth,
    fp_max_depth,
    fp_base,
    fp_per_depth,
    lmp_max_depth,
    lmp_base,
    lmp_improving_divisor,
    lmp_divisor,
    hist_prune_max_depth,
    hist_prune_per_depth,
    see_quiet_max_depth,
    see_quiet_per_depth,
    see_noisy_per_depth_sq,
    lmr_min_depth,
    lmr_base_x100,
    lmr_divisor_x100,
    lmr_history_divisor,
    lmr_deeper_base,
    lmr_deeper_per_depth,
    lmr_shallower_margin,
    history_bonus_per_depth,
    history_bonus_max,
    eval_diff_mult,
    eval_diff_max,
    qs_futility_margin,
    max_check_extension_ply_factor,
    se_min_depth,
    se_tt_depth_margin,
    se_margin_per_depth,
    se_double_margin,
    se_max_double,
    probcut_min_depth,
    probcut_margin,
    probcut_reduction,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_but_history_max_is_tunable_by_name() {
        let names: Vec<&str> = PARAMS.named().iter().map(|&(n, _)| n).collect();
        // All fields are i32: the table names them all, plus the one that is fixed.
        assert_eq!((names.len() + 1) * 4, size_of::<SearchParams>());
        let mut p = PARAMS;
        for (i, name) in names.iter().enumerate() {
            *p.field_mut(&name.to_ascii_uppercase()).expect(name) = 1000 + i as i32;
        }
        // Each name reaches its own field: no two names share one.
        let mut seen: Vec<i32> = names.iter().map(|n| *p.field_mut(n).unwrap()).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), names.len());
        assert!(p.field_mut("history_max").is_none());
        assert!(p.field_mut("hash").is_none());
        assert_eq!(p.history_max, PARAMS.history_max);
        // `named` reads the values the accessor wrote, name by name.
        for (n, v) in p.named() {
            assert_eq!(Some(v), p.field_mut(n).map(|f| *f), "{n}");
        }
    }
}
