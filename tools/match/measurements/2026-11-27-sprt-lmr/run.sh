#!/bin/sh
# The fractional-LMR build (branch lmr1024 at d5ad4ed, bench 5269098; the code as change.patch here) with the SPSA values as
# hidden options, against main 46f77e8 (bench 5061684).
tools/match/sprt.sh sprt-lmr 2050 /work/bins/vidle-lmr1024 /work/bins/vidle-main-46f77e8 --option1 lmr_base_x100=103 --option1 lmr_divisor_x100=182 --option1 lmr_history_divisor=17785 --option1 lmr_not_tt_pv=1407 --option1 lmr_not_improving=810 --option1 lmr_cut_node=825 --option1 lmr_tt_noisy=1225 --option1 lmr_refutation=908 --option1 lmr_check=1096 --option1 lmr_offset=-1085
