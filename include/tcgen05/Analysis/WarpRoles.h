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
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
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

/// Which writes of a register reach each block (WarpRoles.cpp).
struct WarpRolesWriters;

class WarpRoles {
public:
  /// Analyses F, whose CTA has NumWarps warps (1 to 32).
  WarpRoles(const Function &F, const ControlFlowGraph &G,
            const UniformityInfo &U, unsigned NumWarps);
  ~WarpRoles();

  /// The pairs that may reach block B (none when no path does).
  WarpSet at(const CFGBlock &B) const { return Reach[B.Number]; }
  /// The pairs that may take B's K-th successor edge: B's, less those its
  /// branch sends the other way.
  WarpSet passes(const CFGBlock &B, unsigned K) const;
  /// The pairs that may execute instruction I: its block's, narrowed by
  /// its guard.
  WarpSet atInstruction(uint32_t I) const;
  /// The pairs that execute instruction I on every path from the entry to
  /// an exit that they may take (a lower bound, where atInstruction is an
  /// upper one): assuming each of their warps runs to its end, every
  /// execution of the kernel has them execute I.
  WarpSet mustExecute(uint32_t I) const;
  unsigned numWarps() const { return NumWarps; }
  /// The values operand O holds where instruction At reads it, over the
  /// threads of the warps that may execute At; nothing when one thread's
  /// is not known (the forms valuesOf follows) or they are many.
  std::optional<llvm::SmallVector<uint32_t, 4>> valuesAt(const Operand &O,
                                                         uint32_t At) const;

  /// Which of some instructions (events, ascending) each pair may have
  /// executed last before an instruction, by the paths that pair may
  /// take: an event of an unguarded instruction ends the others for the
  /// pairs that may execute it; a guarded one adds itself.
  class LastEvents {
  public:
    LastEvents(const WarpRoles &Roles, llvm::ArrayRef<uint32_t> Events);
    /// A word per slot (slot 0: no event yet; 1 + K: the K-th event), bit
    /// R * 32 + W for the pair (rank R, warp W); nothing past the budget.
    std::optional<std::vector<uint64_t>> at(uint32_t I) const;

  private:
    const WarpRoles &Roles;
    uint32_t Key = 0;
    unsigned Slots;
    std::shared_ptr<const WarpRolesWriters> Solved;
  };
  /// Whether some branch or guard of F was found to depend on the warp or
  /// the rank: without one, every block has every pair.
  bool specialized() const { return Specialized; }

  /// The warps of a CTA F's performance directives allow (.reqntid, then
  /// .maxntid: x * y * z threads, rounded up to warps), 32 otherwise.
  static unsigned warpsOf(const Module &M, const Function &F) {
    return ctaSizeOf(M, F).Warps;
  }
  /// What F's directives say of its CTA's size.
  struct CtaSize {
    unsigned Warps = 32;
    enum Kind : uint8_t {
      Undeclared, ///< no directive: up to 32 warps
      AtMost,     ///< .maxntid: up to Warps
      Exact,      ///< .reqntid: Warps, the last perhaps partly
    } Declared = Undeclared;
  };
  static CtaSize ctaSizeOf(const Module &M, const Function &F);

private:
  /// The pairs for which a predicate may be true and may be false.
  struct Split {
    WarpSet True, False;
  };
  /// A value for each unit (thread of the CTA, or CTA of the pair), where
  /// known: kept once per warp when the threads of each warp share it (a
  /// role), else once per thread.
  struct UnitValues {
    /// Units per value: 32 for a warp's, 1 for a thread's or a rank's.
    unsigned Stride = 1;
    std::vector<std::optional<uint32_t>> V;
    UnitValues(unsigned Units, unsigned Stride,
               std::optional<uint32_t> Value = std::nullopt)
        : Stride(Stride), V(Units / Stride, Value) {}
    std::optional<uint32_t> operator[](unsigned K) const {
      return V[K / Stride];
    }
  };
  /// Shared, not copied: a role's values are read at every branch on it.
  using ValuesPtr = std::shared_ptr<const UnitValues>;
  /// Predicate register Reg as instruction At reads it.
  Split splitOf(uint32_t Reg, uint32_t At, unsigned Depth) const;
  /// The predicate instruction Def writes.
  Split splitWritten(uint32_t Def, unsigned Depth) const;
  /// The value of O, as instruction At reads it, for each thread of the
  /// CTA (0 to 32 * NumWarps - 1) or, with Rank, for each CTA of a pair
  /// (0, 1); nothing when no unit's is known.  O is an immediate, %tid.x,
  /// %laneid, the warp's index or quarter, or %cluster_ctarank, or is
  /// computed from them through copies, integer arithmetic, selp and
  /// shfl.sync.idx from a fixed lane.
  ValuesPtr valuesOf(const Operand &O, uint32_t At, bool Rank,
                     unsigned Depth) const;
  /// The value instruction Def writes, evaluated once a pass.
  ValuesPtr valuesWritten(uint32_t Def, bool Rank, unsigned Depth) const;
  ValuesPtr evaluate(uint32_t Def, bool Rank, unsigned Depth) const;
  /// For a register with more than one write: which of its writers may
  /// have written the value instruction At reads, for each pair, by the
  /// paths each pair may take: a word per slot (slot 0 for no write, 1 + K
  /// for writer K), bit R * 32 + W for the pair (rank R, warp W); nothing
  /// when the register's writes are not all of the forms valuesWritten
  /// follows.
  std::optional<std::vector<uint64_t>> writersAt(uint32_t Reg,
                                                 uint32_t At) const;
  /// Solves which writes of Regs reach each block, by the paths the pass
  /// before allowed; null past the budget.
  std::shared_ptr<const WarpRolesWriters>
  solveWriters(llvm::ArrayRef<uint32_t> Regs) const;
  /// The words of the register or events keyed Key, of Slots slots, on
  /// the way into instruction At.
  std::vector<uint64_t> wordsAt(const WarpRolesWriters &RW, uint32_t Key,
                                unsigned Slots, uint32_t At) const;
  /// Whether every write of Reg, and of the registers they read, is of a
  /// form this analysis follows, with no cycle among them (a loop counter
  /// is not a role).
  bool follows(uint32_t Reg, unsigned Depth = 0) const;

  /// One pass: the edges' kills from the branches, by the reach of the
  /// pass before; false past the budget.
  bool solve();
  WarpSet all() const;

  const Function &F;
  const ControlFlowGraph &G;
  const UniformityInfo &U;
  unsigned NumWarps;
  bool Specialized = false;
  std::vector<WarpSet> Reach;
  /// The pairs each edge does not let pass: block N's K-th successor's
  /// at SuccBase[N] + K.
  std::vector<uint32_t> SuccBase;
  std::vector<uint64_t> Kills;
  /// Per register: 0 not asked, 1 being asked, 2 followed, 3 not.
  mutable std::vector<uint8_t> Follows;

  mutable llvm::DenseMap<uint32_t, std::shared_ptr<const WarpRolesWriters>>
      Reaching;
  /// The registers of several writes some pass asked about.
  mutable llvm::DenseSet<uint32_t> Asked;
  /// valuesWritten's answers, by writer * 2 + rank, and whether each read
  /// a register of several writes (then asked again each pass).
  mutable llvm::DenseMap<uint64_t, std::pair<ValuesPtr, bool>> Written;
  /// The values of the thread sources: the rank, %tid.x, %laneid, the
  /// warp's quarter and its index.
  mutable ValuesPtr Sources[5];
  /// Whether a pass read a register of several writes, whose reaching
  /// writers a later pass, with narrower reach, may find fewer.
  mutable bool UsedReaching = false;
  /// Whether this pass reads such registers (not the first).
  bool FollowsPaths = false;
  /// A read of a register of several writes: the register, the unit, and
  /// the writes that reach it for each pair (writersAt).
  using ReadKey = std::tuple<uint32_t, bool, std::vector<uint64_t>>;
  mutable std::map<ReadKey, ValuesPtr> ReadValues;
  mutable std::map<ReadKey, Split> ReadSplits;
  /// Each conditional branch's verdict in the pass before, and whether it
  /// read a register of several writes.
  llvm::DenseMap<uint32_t, std::pair<Split, bool>> BranchSplits;
};

} // namespace tcgen05

#endif
