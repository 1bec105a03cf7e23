#!/bin/sh
# Cutoff count (branch cutoffs at b844be9, bench 3591794) against main 46f77e8 (bench 5061684;
# main's search is unchanged since).
tools/match/sprt.sh sprt-cutoffs 2051 /work/bins/vidle-cutoffs /work/bins/vidle-main-46f77e8
