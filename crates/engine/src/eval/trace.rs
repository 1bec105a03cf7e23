//! Tracing the evaluation: the [`Trace`] receiver of each weight's coefficient (the tuner's
//! [`Coefficients`], none for the search), and the term-by-term text of the `eval` command.

use super::*;

/// Receives the coefficient of each weight, as White's count minus Black's.
pub trait Trace {
    /// False for a tracer that records nothing: the evaluation may then sum several weights
    /// at once from precomputed tables instead of reporting each count.
    const RECORDS: bool = true;
    fn add(&mut self, i: usize, n: i32);
    /// The same count, unsigned, with the side it belongs to (for per-side breakdowns).
    #[inline(always)]
    fn add_side(&mut self, _c: Color, _i: usize, _n: i32) {}
    /// The king-danger features of attacker `c` (only when the danger counts at all), and the
    /// middlegame and endgame bonus they gave `c`.
    #[inline(always)]
    fn safety(&mut self, _c: Color, _f: &SafetyFeatures, _mg: i32, _eg: i32) {}
    /// The complexity features and what they changed the endgame score by (White's view).
    #[inline(always)]
    fn complexity(&mut self, _f: &ComplexityFeatures, _change: i32) {}
}

/// The tracer that records nothing (compiled away in the search).
pub struct NoTrace;

impl Trace for NoTrace {
    const RECORDS: bool = false;
    #[inline(always)]
    fn add(&mut self, _i: usize, _n: i32) {}
}

/// A dense coefficient vector, each side's king-danger features where they counted, and the
/// complexity features.
pub struct Coefficients(pub Vec<i32>, pub [Option<SafetyFeatures>; 2], pub ComplexityFeatures);

impl Coefficients {
    /// All coefficients zero, no king danger counted.
    pub fn new() -> Self {
        Coefficients(vec![0; idx::COUNT], [None; 2], [0; COMPLEXITY_TERMS])
    }
}

impl Default for Coefficients {
    fn default() -> Self {
        Self::new()
    }
}

impl Trace for Coefficients {
    fn add(&mut self, i: usize, n: i32) {
        self.0[i] += n;
    }
    fn safety(&mut self, c: Color, f: &SafetyFeatures, _mg: i32, _eg: i32) {
        self.1[c.index()] = Some(*f);
    }
    fn complexity(&mut self, f: &ComplexityFeatures, _change: i32) {
        self.2 = *f;
    }
}

/// Counts per side, and each side's king-danger bonus (mg, eg), for [`trace_text`].
struct SideTrace([Vec<i32>; 2], [(i32, i32); 2], i32);

impl Trace for SideTrace {
    fn add(&mut self, _i: usize, _n: i32) {}
    fn add_side(&mut self, c: Color, i: usize, n: i32) {
        self.0[c.index()][i] += n;
    }
    fn safety(&mut self, c: Color, _f: &SafetyFeatures, mg: i32, eg: i32) {
        self.1[c.index()] = (mg, eg);
    }
    fn complexity(&mut self, _f: &ComplexityFeatures, change: i32) {
        self.2 = change;
    }
}

/// A term-by-term breakdown of the evaluation, as text: each term's middlegame and endgame
/// value for White and for Black (both as positive contributions to their own side).
pub fn trace_text(pos: &Position) -> String {
    let mut t = SideTrace([vec![0; idx::COUNT], vec![0; idx::COUNT]], [(0, 0); 2], 0);
    let info = evaluate_traced(pos, &mut t);
    // (name, [white mg, white eg, black mg, black eg])
    let mut groups: Vec<(&str, [i32; 4])> = Vec::new();
    for (i, &s) in WEIGHTS.iter().enumerate() {
        let (w, b) = (t.0[0][i], t.0[1][i]);
        if w == 0 && b == 0 {
            continue;
        }
        let (name, _) = weights::name_of(i);
        let add = [s.0 * w, s.1 * w, s.0 * b, s.1 * b];
        match groups.iter_mut().find(|g| g.0 == name) {
            Some(g) => (0..4).for_each(|k| g.1[k] += add[k]),
            None => groups.push((name, add)),
        }
    }
    let [(wm, we), (bm, be)] = t.1;
    groups.push(("KING_SAFETY (danger)", [wm, we, bm, be]));
    // Complexity belongs to no side: shown as White's when it helps White.
    let (cw, cb) = if t.2 >= 0 { (t.2, 0) } else { (0, -t.2) };
    groups.push(("COMPLEXITY", [0, cw, 0, cb]));
    let mut out = format!(
        "{:<22} {:>13} {:>13} {:>13}\n",
        "term", "White mg eg", "Black mg eg", "total mg eg"
    );
    for (name, v) in &groups {
        out.push_str(&format!(
            "{name:<22} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            v[0],
            v[1],
            v[2],
            v[3],
            v[0] - v[2],
            v[1] - v[3]
        ));
    }
    let white = if info.white_to_move { info.score } else { -info.score };
    let bare = lone_king(pos);
    if bare != 0 {
        out.push_str(&format!("bare king (mating it): {bare} cp for White, after the blend\n"));
    }
    out.push_str(&format!(
        "phase {} / {PHASE_MAX} (middlegame share), endgame scale {} / {SCALE_NORMAL}\n",
        info.phase, info.scale
    ));
    out.push_str(&format!("total: {white} cp for White; {} cp for the side to move", info.score));
    out
}
