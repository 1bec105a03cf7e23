//! Material signatures (`KQvKR`), their colour-normalised form, and the dependency graph of endgames.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;
use vidle_core::{Color, Role};

/// Roles in the order Syzygy names use: strongest first, king excluded.
pub const NAME_ORDER: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// How many pieces of each role each side has (kings included, always one each).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// `counts[color][role]`.
    pub counts: [[u8; 6]; 2],
}

/// One way a move leaves an endgame ([`Material::exits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The endgame reached, as stored.
    pub material: Material,
    /// Its side to move (0 white), as stored.
    pub to_move: usize,
    /// For a promotion: the new piece's colour and role index, as stored.
    pub promoted: Option<(usize, usize)>,
}

/// A material string that does not name an endgame we can handle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad endgame name {0:?} (expected e.g. KQvKR: one king per side, at most 7 pieces)")]
pub struct MaterialParseError(pub String);

impl Material {
    /// The bare kings.
    pub const KVK: Material = Material { counts: [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]] };

    /// Pieces of `color` and `role` (the king: 1).
    pub fn count(&self, color: Color, role: Role) -> u8 {
        self.counts[color.index()][role.index()]
    }

    /// All pieces of both sides, kings included (at most 7 for a parsed name).
    pub fn total(&self) -> u32 {
        self.counts.iter().flatten().map(|&c| c as u32).sum()
    }

    /// Whether either side has a pawn (the index then uses only the left–right mirror).
    pub fn has_pawns(&self) -> bool {
        self.count(Color::White, Role::Pawn) + self.count(Color::Black, Role::Pawn) > 0
    }

    /// The same endgame with the colours exchanged.
    pub fn flipped(&self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    /// Sort key of one side: piece count, then the pieces strongest first.
    fn side_key(&self, color: Color) -> (u8, [u8; 5]) {
        let c = &self.counts[color.index()];
        let n: u8 = c[..5].iter().sum();
        (n, NAME_ORDER.map(|r| c[r.index()]))
    }

    /// True when this orientation is the stored one (white is the stronger side, Syzygy style).
    pub fn is_canonical(&self) -> bool {
        self.side_key(Color::White) >= self.side_key(Color::Black)
    }

    /// The stored orientation and whether colours had to be exchanged to reach it.
    pub fn normalized(&self) -> (Material, bool) {
        if self.is_canonical() { (*self, false) } else { (self.flipped(), true) }
    }

    /// Both sides have the same pieces, so the table is its own colour flip.
    pub fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    fn side_name(&self, color: Color) -> String {
        let mut s = String::from("K");
        for r in NAME_ORDER {
            for _ in 0..self.count(color, r) {
                s.push(r.upper_char());
            }
        }
        s
    }

    /// Every material one move away: a capture of any non-king piece, a promotion to any piece, or
    /// both at once. Normalised and without bare kings.
    pub fn successors(&self) -> BTreeSet<Material> {
        self.exits().into_iter().map(|e| e.material).collect()
    }

    /// Every way a move leaves this endgame ([`Material::successors`], each as often as it is
    /// reached): the stored material, its side to move and, for a promotion, the new piece's
    /// colour and role, all as stored (colours exchanged where the material was).
    pub fn exits(&self) -> Vec<Exit> {
        let mut out = Vec::new();
        let mut add = |m: Material, to_move: usize, promoted: Option<(usize, usize)>| {
            if m != Material::KVK {
                let (material, flip) = m.normalized();
                let f = flip as usize;
                let promoted = promoted.map(|(c, r)| (c ^ f, r));
                out.push(Exit { material, to_move: to_move ^ f, promoted });
            }
        };
        for c in 0..2 {
            // A piece of `c` captured: `c` moves next.
            for r in 0..5 {
                if self.counts[c][r] > 0 {
                    let mut m = *self;
                    m.counts[c][r] -= 1;
                    add(m, c, None);
                }
            }
            // A pawn of `c` promoted, alone or capturing: the opponent moves next.
            if self.counts[c][0] > 0 {
                for promo in 1..5 {
                    let mut m = *self;
                    m.counts[c][0] -= 1;
                    m.counts[c][promo] += 1;
                    add(m, 1 - c, Some((c, promo)));
                    for r in 0..5 {
                        if m.counts[1 - c][r] > 0 {
                            let mut mc = m;
                            mc.counts[1 - c][r] -= 1;
                            add(mc, 1 - c, Some((c, promo)));
                        }
                    }
                }
            }
        }
        out
    }

    /// All normalised endgames with exactly `pieces` pieces (kings included, 3 or more).
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let mut out = BTreeSet::new();
        let extra = pieces.saturating_sub(2) as usize;
        // Distribute `extra` pieces over the 10 (colour, role) slots.
        let mut slots = vec![0usize; extra];
        fn rec(pos: usize, min: usize, slots: &mut Vec<usize>, out: &mut BTreeSet<Material>) {
            if pos == slots.len() {
                let mut m = Material::KVK;
                for &s in slots.iter() {
                    m.counts[s / 5][s % 5] += 1;
                }
                out.insert(m.normalized().0);
                return;
            }
            for s in min..10 {
                slots[pos] = s;
                rec(pos + 1, s, slots, out);
            }
        }
        if extra > 0 {
            rec(0, 0, &mut slots, &mut out);
        }
        out.into_iter().collect()
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.side_name(Color::White), self.side_name(Color::Black))
    }
}

impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Material {
    type Err = MaterialParseError;

    /// Parses `KQvKR` (also `KQKR`, case-insensitive letters, Czech letters not accepted).
    fn from_str(s: &str) -> Result<Material, MaterialParseError> {
        let err = || MaterialParseError(s.to_string());
        let upper = s.trim().to_ascii_uppercase();
        let (w, b) = match upper.split_once('V') {
            Some(parts) => parts,
            None => {
                // KQKR form: the second K starts black's side.
                let pos = upper.get(1..).and_then(|t| t.find('K')).ok_or_else(err)? + 1;
                upper.split_at(pos)
            }
        };
        let mut m = Material { counts: [[0; 6]; 2] };
        for (color, text) in [(0, w), (1, b)] {
            for ch in text.chars() {
                let role = Role::from_char(ch.to_ascii_lowercase()).ok_or_else(err)?;
                m.counts[color][role.index()] += 1;
            }
        }
        if m.counts[0][5] != 1 || m.counts[1][5] != 1 || m.total() > 7 {
            return Err(err());
        }
        Ok(m)
    }
}

/// The dependency graph of a set of endgames: every table with the tables its captures and
/// promotions lead into. This is the unit a scheduler (one machine or a cluster) works through.
#[derive(Debug, Clone, Default)]
pub struct DependencyGraph {
    /// Each endgame (normalised) with its direct successors.
    pub edges: BTreeMap<Material, BTreeSet<Material>>,
}

impl DependencyGraph {
    /// The closure of `targets` under [`Material::successors`].
    pub fn closure(targets: &[Material]) -> DependencyGraph {
        let mut g = DependencyGraph::default();
        let mut stack: Vec<Material> = targets.iter().map(|m| m.normalized().0).collect();
        while let Some(m) = stack.pop() {
            if g.edges.contains_key(&m) || m == Material::KVK {
                continue;
            }
            let succ = m.successors();
            stack.extend(succ.iter().copied());
            g.edges.insert(m, succ);
        }
        g
    }

    /// A generation order in which every table comes after all its successors (topological;
    /// ties broken by piece count, then name, so the order is stable).
    pub fn order(&self) -> Vec<Material> {
        let mut done: BTreeSet<Material> = BTreeSet::new();
        let mut order = Vec::new();
        let mut pending: Vec<Material> = self.edges.keys().copied().collect();
        pending.sort_by_key(|m| (m.total(), m.to_string()));
        while !pending.is_empty() {
            let before = pending.len();
            pending.retain(|m| {
                let ready = self.edges[m].iter().all(|s| done.contains(s));
                if ready {
                    done.insert(*m);
                    order.push(*m);
                }
                !ready
            });
            assert!(pending.len() < before, "the endgame graph has no cycles");
        }
        order
    }

    /// Endgames that can be computed at the same time: layer k only needs layers below k.
    pub fn layers(&self) -> Vec<Vec<Material>> {
        let mut depth: BTreeMap<Material, usize> = BTreeMap::new();
        for m in self.order() {
            let d = self.edges[&m].iter().map(|s| depth[s] + 1).max().unwrap_or(0);
            depth.insert(m, d);
        }
        let mut layers = vec![Vec::new(); depth.values().max().map_or(0, |d| d + 1)];
        for (m, d) in depth {
            layers[d].push(m);
        }
        layers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_normalise() {
        let m: Material = "KRvKQ".parse().unwrap();
        assert!(!m.is_canonical());
        assert_eq!(m.normalized().0.to_string(), "KQvKR");
        assert_eq!("kbnk".parse::<Material>().unwrap().to_string(), "KBNvK");
        assert_eq!("KNvKB".parse::<Material>().unwrap().normalized().0.to_string(), "KBvKN");
        assert!("KQ".parse::<Material>().is_err());
        assert!("KQvKRx".parse::<Material>().is_err());
    }

    #[test]
    fn counts_of_endgames() {
        assert_eq!(Material::all_with(3).len(), 5);
        assert_eq!(Material::all_with(4).len(), 30);
        assert_eq!(Material::all_with(5).len(), 110);
    }

    #[test]
    fn graph_orders_successors_first() {
        let g = DependencyGraph::closure(&["KPvKP".parse().unwrap()]);
        let order = g.order();
        let pos = |s: &str| order.iter().position(|m| m.to_string() == s).unwrap();
        assert!(pos("KQvKP") < pos("KPvKP"));
        assert!(pos("KQvK") < pos("KQvKP"));
        assert!(g.edges.contains_key(&"KQvKQ".parse().unwrap()));
    }
}
