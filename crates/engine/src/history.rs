//! Move-ordering statistics: butterfly history, killers, countermoves.
