//! Threats and king safety: hanging pieces and other threats, the king-danger features and
//! their non-linear bonus, the king zone, and the pieces a minor piece attacks.

use super::*;

/// Threats against enemy pieces: hanging ones (attacked, not defended), a rook on the queen,
/// and the king attacking an undefended piece.
pub(super) fn threats<T: Trace>(pos: &Position, c: Color, acc: &mut Acc<'_, T>, maps: &AttackMaps) {
    let them = !c;
    let (us, th) = (c.index(), them.index());
    let targets = pos.by_color(them) & !pos.pieces(them, Role::King);
    let hanging = targets & maps.all[us] & !maps.all[th];
    if hanging.is_nonempty() {
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let n = (hanging & pos.pieces(them, role)).count() as i32;
            if n > 0 {
                acc.add(c, idx::HANGING + role.index(), n);
            }
        }
    }
    let rook_on_queen = maps.by[us][Role::Rook.index()] & pos.pieces(them, Role::Queen);
    if rook_on_queen.is_nonempty() {
        acc.add(c, idx::THREAT_ROOK_ON_QUEEN, rook_on_queen.count() as i32);
    }
    if (maps.by[us][Role::King.index()] & targets & !maps.all[th]).is_nonempty() {
        acc.add(c, idx::THREAT_BY_KING, 1);
    }
    // Squares from which a knight or a slider would hit their single queen next move: empty or
    // enemy-held, no enemy pawn guard, and for a slider (the queen sees its own line) held twice.
    if let Some(q) = pos.pieces(them, Role::Queen).single() {
        let occ = pos.occupied();
        let base = !pos.by_color(c) & !maps.by[th][Role::Pawn.index()];
        let knight = maps.by[us][Role::Knight.index()]
            & knight_attacks(q)
            & base
            & (!maps.all[th] | (maps.two[us] & !maps.two[th]));
        if knight.is_nonempty() {
            acc.add(c, idx::KNIGHT_ON_QUEEN, knight.count() as i32);
        }
        let slider = ((maps.by[us][Role::Bishop.index()] & bishop_attacks(q, occ))
            | (maps.by[us][Role::Rook.index()] & rook_attacks(q, occ)))
            & base
            & maps.two[us];
        if slider.is_nonempty() {
            acc.add(c, idx::SLIDER_ON_QUEEN, slider.count() as i32);
        }
    }
    // Pawn pushes (one or two squares) to squares no enemy pawn hits and that are defended or
    // not attacked, from where the pawn would hit a piece.
    let empty = !pos.occupied();
    let own_pawns = pos.pieces(c, Role::Pawn);
    let (one, third_rank) = match c {
        Color::White => (Bitboard(own_pawns.0 << 8) & empty, Bitboard::rank(2)),
        Color::Black => (Bitboard(own_pawns.0 >> 8) & empty, Bitboard::rank(5)),
    };
    let two = match c {
        Color::White => Bitboard((one & third_rank).0 << 8),
        Color::Black => Bitboard((one & third_rank).0 >> 8),
    } & empty;
    let safe = !maps.by[th][Role::Pawn.index()] & (maps.all[us] | !maps.all[th]);
    let pieces = targets & !pos.pieces(them, Role::Pawn);
    let hit = pawn_attacks_of((one | two) & safe, c) & pieces;
    if hit.is_nonempty() {
        acc.add(c, idx::THREAT_PAWN_PUSH, hit.count() as i32);
    }
}

/// King danger beyond the zone attacks: safe checks by role, and weak squares next to the
/// enemy king (attacked by us, defended by nothing but its king or queen).
pub(super) fn king_danger<T: Trace>(
    pos: &Position,
    c: Color,
    acc: &mut Acc<'_, T>,
    maps: &mut AttackMaps,
) {
    let them = !c;
    let (us, th) = (c.index(), them.index());
    let ksq = pos.king(them);
    let occ = pos.occupied();
    let safe = !maps.all[th] & !pos.by_color(c);
    let diag = bishop_attacks(ksq, occ);
    let line = rook_attacks(ksq, occ);
    let checks = [
        (Role::Knight, knight_attacks(ksq)),
        (Role::Bishop, diag),
        (Role::Rook, line),
        (Role::Queen, diag | line),
    ];
    for (role, from) in checks {
        let squares = from & maps.by[us][role.index()] & safe;
        if squares.is_nonempty() {
            acc.add(c, idx::SAFE_CHECK + role.index(), 1);
            maps.danger[us][ks::SAFE_CHECKS + role.index() - 1] = squares.count() as i32;
        }
    }
    let by = &maps.by[th];
    let solid_defence = by[Role::Pawn.index()]
        | by[Role::Knight.index()]
        | by[Role::Bishop.index()]
        | by[Role::Rook.index()];
    // Our attacks on the enemy king's flank, on its side's first five ranks.
    let camp = match them {
        Color::White => Bitboard(0x0000_00FF_FFFF_FFFF),
        Color::Black => Bitboard(0xFFFF_FFFF_FF00_0000),
    };
    let flank = maps.all[us] & camp & pawns::king_flank(ksq.file());
    if flank.is_nonempty() {
        acc.add(c, idx::FLANK_ATTACK, flank.count() as i32);
    }
    // Squares both sides attack where the enemy has no pawn guard: its pieces move less freely.
    let restricted = maps.all[us] & maps.all[th] & !by[Role::Pawn.index()];
    if restricted.is_nonempty() {
        acc.add(c, idx::RESTRICTED, restricted.count() as i32);
    }
    let weak = king_attacks(ksq) & maps.all[us] & !solid_defence;
    if weak.is_nonempty() {
        acc.add(c, idx::KING_ZONE_WEAK, weak.count() as i32);
    }
    let danger = &mut maps.danger[us];
    danger[ks::WEAK] = weak.count() as i32;
    danger[ks::DEFENDING_PAWNS] =
        (king_attacks(ksq) & pos.pieces(them, Role::Pawn) & !weak).count() as i32;
    danger[ks::NO_QUEEN] = pos.pieces(c, Role::Queen).is_empty() as i32;
    danger[ks::CONSTANT] = 1;
}

/// Own pawns whose square in front is occupied (they fix the bishop's diagonals).
pub(super) fn blocked_pawns(pos: &Position, c: Color) -> Bitboard {
    let p = pos.pieces(c, Role::Pawn);
    let occ = pos.occupied();
    let front = match c {
        Color::White => Bitboard(occ.0 >> 8),
        Color::Black => Bitboard(occ.0 << 8),
    };
    p & front
}

/// One piece of `c`'s `role` hitting the enemy king zone on `hits`: the linear zone-attack
/// term and the king-danger features (zone hits by role, and the attacker count that also
/// picks the linear `KING_ATTACKERS` weight in `pieces`).
#[inline]
pub(super) fn king_zone<T: Trace>(
    acc: &mut Acc<'_, T>,
    c: Color,
    role: Role,
    hits: Bitboard,
    danger: &mut SafetyFeatures,
) {
    if hits.is_nonempty() {
        let count = hits.count() as i32;
        acc.add(c, idx::KING_ZONE_ATTACK + role.index(), count);
        danger[ks::ZONE_HITS + role.index() - 1] += count;
        danger[ks::ATTACKERS] += 1;
    }
}

#[inline]
pub(super) fn minor_threats<T: Trace>(
    pos: &Position,
    acc: &mut Acc<'_, T>,
    c: Color,
    hits: Bitboard,
) {
    for sq in hits {
        if let Some(r) = pos.role_at(sq) {
            acc.add(c, idx::THREAT_BY_MINOR + r.index(), 1);
        }
    }
}
