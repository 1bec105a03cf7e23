//! Generates the sliding-piece attack tables (fancy magic bitboards) and the between/line tables.
//!
//! Magic multipliers are searched here with a fixed-seed generator, so the build is reproducible and
//! no magic numbers are copied from anywhere. The output is a Rust source file of static arrays.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn slide(sq: u8, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// Relevant occupancy mask: the rays without their last square (an edge blocker changes nothing).
fn mask(sq: u8, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn find_magics(dirs: &[(i8, i8); 4], table: &mut Vec<u64>, rng: &mut Rng) -> Vec<Magic> {
    let mut out = Vec::with_capacity(64);
    for sq in 0..64u8 {
        let m = mask(sq, dirs);
        let bits = m.count_ones();
        let size = 1usize << bits;
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, sub, dirs));
            sub = sub.wrapping_sub(m) & m;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut used = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let magic = rng.sparse();
            if (m.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for i in 0..size {
                let idx = (occs[i].wrapping_mul(magic) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    used[idx] = atts[i];
                } else if used[idx] != atts[i] {
                    ok = false;
                    break;
                }
            }
            if ok {
                break magic;
            }
        };
        let offset = table.len();
        table.extend_from_slice(&used);
        out.push(Magic { mask: m, magic, shift, offset });
    }
    out
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);

    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64u8 {
        for b in 0..64u8 {
            let bb = 1u64 << b;
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                if slide(a, 0, dirs) & bb != 0 {
                    line[a as usize * 64 + b as usize] = 1; // aligned; filled in below
                    between[a as usize * 64 + b as usize] =
                        slide(a, bb, dirs) & slide(b, 1u64 << a, dirs);
                }
            }
        }
    }
    // The full line (edge to edge) through every aligned pair.
    for a in 0..64u8 {
        for b in 0..64u8 {
            if a == b || line[a as usize * 64 + b as usize] == 0 {
                continue;
            }
            let (fa, ra) = ((a % 8) as i8, (a / 8) as i8);
            let (fb, rb) = ((b % 8) as i8, (b / 8) as i8);
            let (df, dr) = ((fb - fa).signum(), (rb - ra).signum());
            let mut full = 1u64 << a;
            for s in [1i8, -1] {
                let (mut f, mut r) = (fa + s * df, ra + s * dr);
                while (0..8).contains(&f) && (0..8).contains(&r) {
                    full |= 1u64 << (r * 8 + f);
                    f += s * df;
                    r += s * dr;
                }
            }
            line[a as usize * 64 + b as usize] = full;
        }
    }

    let mut src = String::new();
    src.push_str("// Generated by build.rs: magic bitboard tables. Do not edit.\n");
    for (name, ms) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        writeln!(src, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for m in ms.iter() {
            writeln!(
                src,
                "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                m.mask, m.magic, m.shift, m.offset
            )
            .unwrap();
        }
        src.push_str("];\n");
    }
    writeln!(src, "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        let row: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(src, "    {},", row.join(", ")).unwrap();
    }
    src.push_str("];\n");
    for (name, t) in [("BETWEEN", &between), ("LINE", &line)] {
        writeln!(src, "pub(crate) static {name}: [[u64; 64]; 64] = [").unwrap();
        for a in 0..64 {
            let row: Vec<String> =
                t[a * 64..a * 64 + 64].iter().map(|v| format!("{v:#x}")).collect();
            writeln!(src, "    [{}],", row.join(", ")).unwrap();
        }
        src.push_str("];\n");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(out, src).unwrap();
}
