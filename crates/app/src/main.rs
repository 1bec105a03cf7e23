//! The `vidle` binary: parses the command line and hands over to a front end (see `lib.rs`).

fn main() {
    vidle::run();
}
