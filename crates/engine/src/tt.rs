//! The shared transposition table.
pub struct Tt;
impl Tt {
    pub fn new(_mb: usize) -> Tt {
        Tt
    }
    pub fn clear(&self) {}
}
