//! Internal score scale, mate scores, and their conversion for the TT and for front ends.
