//! Any bytes as a tablebase file (`.vdtm`/`.vdtz`): the whole-file decoder and the prober's
//! `TableFile` (header, block index, blocks, entries) return errors, never panic. Random bytes
//! rarely pass the checksums: seed the corpus with real tables, e.g.
//! `vidle tb gen --max-pieces 3 --dir fuzz/corpus/tb_file`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle_tb::format;
use vidle_tb::probe::{MemSource, TableFile};

fuzz_target!(|data: &[u8]| {
    let _ = format::decode_table(data, "fuzz");
    let Ok(t) = TableFile::open(Box::new(MemSource(data.to_vec())), "fuzz") else { return };
    for b in 0..t.header.blocks.min(64) {
        let _ = t.block(b);
    }
    let size = t.header.size.max(1);
    for side in 0..2 {
        let _ = t.code(side, data.len() as u64 % size);
    }
});
