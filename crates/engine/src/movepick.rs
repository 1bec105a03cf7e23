//! The staged move picker.
