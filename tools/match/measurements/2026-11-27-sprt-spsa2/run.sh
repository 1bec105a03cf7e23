#!/bin/sh
# SPRT of the second SPSA's values (../2026-11-27-spsa-search2/) as hidden UCI options of main
# abde3b7 (bench 5061684, /work/bins/vidle-spsa1) against the same binary's own values.
tools/match/sprt.sh sprt-spsa2 2049 /work/bins/vidle-spsa1 /work/bins/vidle-spsa1 \
  --option1 razor_margin_per_depth=289 --option1 rfp_improving_margin=68 \
  --option1 nmp_base_reduction=5 --option1 lmr_deeper_base=44 --option1 lmr_shallower_margin=7 \
  --option1 history_bonus_max=2554 --option1 se_double_margin=24 --option1 asp_growth_x16=26
