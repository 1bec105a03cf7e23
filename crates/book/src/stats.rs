//! Measuring a book: size, breadth (positions reachable from the start by book moves) and the
//! depth of its lines.

use crate::book::Book;
use crate::key::{double_push_target, polyglot_key_with_ep};
use std::collections::{HashSet, VecDeque};
use vidle_core::{Position, Square};

/// What [`tree_stats`] found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TreeStats {
    /// Book positions reached from the root by following book moves.
    pub reachable_positions: usize,
    /// Longest line of book moves from the root, in plies.
    pub max_depth: usize,
    /// Reachable positions per depth (index = ply).
    pub per_depth: Vec<usize>,
    /// Entries whose move is not legal in the reached position.
    pub illegal_entries: usize,
}

/// Walks the book breadth-first from `root`, following every legal book move, visiting at most
/// `limit` positions.
pub fn tree_stats(book: &Book, root: &Position, limit: usize) -> TreeStats {
    let mut stats = TreeStats::default();
    let mut seen = HashSet::new();
    let mut queue: VecDeque<(Position, Option<Square>, usize)> = VecDeque::new();
    queue.push_back((*root, None, 0));
    while let Some((pos, ep, depth)) = queue.pop_front() {
        let key = polyglot_key_with_ep(&pos, ep);
        if !seen.insert(key) || seen.len() > limit {
            continue;
        }
        let lookup = book.lookup_key(&pos, key);
        if lookup.moves.is_empty() && lookup.rejected.is_empty() {
            continue;
        }
        stats.reachable_positions += 1;
        stats.illegal_entries += lookup.rejected.len();
        stats.max_depth = stats.max_depth.max(depth);
        if stats.per_depth.len() <= depth {
            stats.per_depth.resize(depth + 1, 0);
        }
        stats.per_depth[depth] += 1;
        for b in lookup.moves {
            queue.push_back((pos.played(b.mv), double_push_target(&pos, b.mv), depth + 1));
        }
    }
    stats
}
