//! Principal variation search.
pub struct Worker {
    pub id: usize,
}
impl Worker {
    pub fn boxed(id: usize) -> Box<Worker> {
        Box::new(Worker { id })
    }
    pub fn clear(&mut self) {}
}
