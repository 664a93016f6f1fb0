//===- WarpRoles.h - Which warps execute each block ---------------*- C++
//-*-===//
//
// Warp-specialized kernels give each warp of a CTA a role by branching on
// the warp's index (%tid.x / 32, broadcast with shfl.sync.idx, or its place
// in its warpgroup), and the two CTAs of a pair by %cluster_ctarank.  This
// analysis follows those branches: for each block, which warps of the CTA,
// and which CTA of a pair (rank 0 or 1), may execute it.  A fact is one
// (rank, warp) pair; a fact holds in a block if some path from the entry
// brings it there, each conditional branch on a warp index or a CTA rank
// passing on only the pairs its condition allows.  Blocks are assumed
// one-dimensional (the uniformity analysis's warp positions), and a CTA at
// most 32 warps, fewer when the kernel's .reqntid or .maxntid says so.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_WARPROLES_H
#define TCGEN05_ANALYSIS_WARPROLES_H

#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Uniformity.h"

#include "llvm/ADT/BitVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tcgen05 {

/// The (rank, warp) pairs that may execute something: bit Warp of
/// Warps[Rank].
struct WarpSet {
  uint32_t Warps[2] = {0, 0};

  bool empty() const { return !Warps[0] && !Warps[1]; }
  bool operator==(const WarpSet &O) const {
    return Warps[0] == O.Warps[0] && Warps[1] == O.Warps[1];
  }
  /// "warps 0-3, 5", with " of rank 0" when the ranks differ ("warps 1 in
  /// rank 0; none in rank 1").
  std::string str() const;
};

class WarpRoles {
public:
  /// Analyses F, whose CTA has NumWarps warps (1 to 32).
  WarpRoles(const Function &F, const ControlFlowGraph &G,
            const UniformityInfo &U, unsigned NumWarps);

  /// The pairs that may reach block B (none when no path does).
  WarpSet at(const CFGBlock &B) const { return Reach[B.Number]; }
  /// The pairs that may execute instruction I: its block's, narrowed by
  /// its guard.
  WarpSet atInstruction(uint32_t I) const;
  unsigned numWarps() const { return NumWarps; }
  /// Whether some branch or guard of F was found to depend on the warp or
  /// the rank: without one, every block has every pair.
  bool specialized() const { return Specialized; }

  /// The warps of a CTA F's performance directives allow (.reqntid, then
  /// .maxntid: x * y * z threads, rounded up to warps), 32 otherwise.
  static unsigned warpsOf(const Module &M, const Function &F);

private:
  /// The pairs for which predicate register number Reg may be true and
  /// may be false.
  struct Split {
    WarpSet True, False;
  };
  Split splitOf(uint32_t Reg, unsigned Depth = 0) const;
  /// The value of O for each thread of the CTA (0 to 32 * NumWarps - 1)
  /// or, with Rank, for each CTA of a pair (0, 1), as 32-bit words: O is
  /// %tid.x, %laneid, the warp's index or quarter, or %cluster_ctarank, or
  /// follows from one through copies, arithmetic with immediates and
  /// shfl.sync.idx from a fixed lane, each with one unguarded writer.
  std::optional<std::vector<uint32_t>> valuesOf(const Operand &O, bool Rank,
                                                unsigned Depth = 0) const;
  WarpSet all() const;

  const Function &F;
  const ControlFlowGraph &G;
  const UniformityInfo &U;
  unsigned NumWarps;
  bool Specialized = false;
  std::vector<WarpSet> Reach;
};

} // namespace tcgen05

#endif
