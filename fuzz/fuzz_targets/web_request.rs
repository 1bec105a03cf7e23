//! Any bytes as a request to the web server (`vidle serve`), decoded by
//! `vidle::web::fuzzing::Input::from_bytes`: a method, headers (content type, origin, host, token),
//! a path with its query, a body. The whole router answers in-process, without engines. No
//! panic; every API error is `{"error": {"code", "message"}}`; a POST that is not JSON, a
//! foreign Origin or Host, or a missing token never succeeds. `tests/web_fuzz.rs` runs the same
//! properties on stable with 100,000 seeded inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vidle::web::fuzzing::{Harness, Input};

fuzz_target!(|data: &[u8]| {
    // A fresh pair of servers per input (each with one game), so that a crash replays alone.
    let mut harness = Harness::new();
    let input = Input::from_bytes(data);
    if let Err(e) = harness.check(&input) {
        panic!("{e}\n{input:?}");
    }
});
