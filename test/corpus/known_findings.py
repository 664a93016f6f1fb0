"""Findings on corpus files that ptxas accepts and that are real bugs by the
manual's letter: the corpus tests require exactly these, and nothing else,
on those files.  docs/hazards.md and each code's page tell the story.

  file (as MANIFEST.md names it) -> {code: how many times it is reported}
"""

KNOWN_FINDINGS = {
    # CUTLASS example 77 (Blackwell FMHA): the correction warps load the
    # softmax row statistics with tcgen05.ld ...x2, read one of the two
    # results, and release the statistics buffer with a cluster
    # mbarrier.arrive before tcgen05.wait::ld; the other result is read
    # later (the pattern of cutlass PR 3652).  Two places in each of the
    # 32 kernels that have a correction stage.
    "cutlass/77_blackwell_fmha.sm_100a.ptx.xz": {"TC6006": 64},
}
