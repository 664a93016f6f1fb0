//===- MbarrierModel.h - A kernel's mbarrier objects and their uses -*- C++
//-*-===//
//
// Private to the mbarrier lints (HazardMbarriers.cpp, HazardExpectTx.cpp):
// the instructions of a kernel that name an mbarrier (MbarrierOps.def), the
// objects they name, told apart by their addresses (AddressResolver), and
// what each use does to its object's phases.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LINT_MBARRIERMODEL_H
#define TCGEN05_LINT_MBARRIERMODEL_H

#include "HazardContext.h"
#include "MbarrierAddresses.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace tcgen05 {

enum class MbarrierKind : uint8_t { Init, Arrive, Wait, NoArrive, Unknown };
enum class MbarrierTx : uint8_t { NoTx, Expects, Completes };

/// A row of MbarrierOps.def.
struct MbarrierOpRow {
  Opcode Op;
  llvm::StringRef Qualifier, With;
  MbarrierKind Kind;
  int Address, Count;
  MbarrierTx Tx;
  int Bytes;
};

/// The row of MbarrierOps.def instruction I matches, or nullptr.
const MbarrierOpRow *mbarrierRow(const Function &F, const Instruction &I);
/// The operand of I, which matches row R, that holds the object's address.
const Operand *mbarrierAddress(const Function &F, const Instruction &I,
                               const MbarrierOpRow &R);

/// An instruction that names an mbarrier, and what it does to it.
struct MbarrierUse {
  uint32_t Inst;
  const MbarrierOpRow *Row;
  const Operand *Count; ///< Init's count; an arrive's count, if given.
  const Operand *Bytes; ///< The bytes it expects or completes, if given.
  const Operand *Address;
  std::optional<Targets> Objects;
};

/// One object's uses in a kernel whose every arrive names a known object.
struct MbarrierObject {
  Target Where;
  std::vector<const MbarrierUse *> Inits, Arrives, Others;
  bool Unmodelled = false;
};

/// An object as a finding names it: "smem+114688".
std::string spelling(const Target &T);

/// What the lints know of a kernel's mbarriers: its uses of them, the
/// objects its inits name, and, when an arrive names an address it does
/// not follow, that arrive.
class MbarrierModel {
public:
  explicit MbarrierModel(const HazardFunction &C);

  using Key = std::pair<const char *, int64_t>;
  /// The object T names, as Objects holds it.
  Key key(const Target &T) const {
    return {OneVariable || isLocal(T) ? T.Symbol.data() : nullptr, T.Offset};
  }
  /// Whether T's variable is a `.shared` one the kernel's body declares: a
  /// static allocation of its own, which no other variable overlaps.
  bool isLocal(const Target &T) const { return LocalShared.contains(T.Symbol); }

  /// What the init-count lint concludes of one object.
  struct Judgement {
    std::optional<int64_t> Count; ///< Every init's, when they agree.
    const MbarrierUse *Wait = nullptr;
    bool Bounded = true;
    uint64_t Most[2] = {0, 0}; ///< Arrivals a phase, in each CTA.
    WarpSet Arriving;
  };
  Judgement judge(const MbarrierObject &O);

  /// The most times an arrive can arrive in one phase, per warp: once per
  /// thread that executes it, where the thread waits at some mbarrier
  /// before it arrives there again (a pipeline's stage waits for the phase
  /// the arrive completes); unbounded around a loop with no wait.
  std::optional<uint64_t> perWarp(const MbarrierUse &U);

  /// The use at instruction I, if I names an mbarrier.
  const MbarrierUse *useAt(uint32_t I) const {
    auto It = UseAt.find(I);
    return It == UseAt.end() ? nullptr : &Uses[It->second];
  }
  bool isWait(uint32_t I) const { return Waits.test(I); }

  /// Says once, as a remark at instruction At, that the lints of Codes do
  /// not judge the kernel because its What names an address not followed.
  void remarkUnjudged(const HazardContext &C, uint32_t At,
                      llvm::StringRef Codes, llvm::StringRef What);

  const HazardFunction &C;
  AddressResolver Resolve;
  std::vector<MbarrierUse> Uses;
  /// By symbol (one pointer per name) and offset, in the order of their
  /// first init.
  llvm::MapVector<Key, MbarrierObject> Objects;
  std::optional<uint32_t> Unfollowed;
  bool NotWhole = false, Pair = false, OneVariable = true;

private:
  void add(const MbarrierUse &U, const Target &T);

  llvm::BitVector Waits;
  llvm::DenseSet<llvm::StringRef> LocalShared;
  bool Remarked = false;
  llvm::DenseMap<uint32_t, uint32_t> UseAt;
  llvm::DenseMap<uint32_t, std::optional<uint64_t>> PerWarpOf;
};

/// For --dump-warp-roles: each expect_tx of the kernel, and the bytes the
/// copies of its window complete, or why the expect-tx lint does not judge
/// it (HazardExpectTx.cpp).
void dumpExpectWindows(const HazardFunction &C, MbarrierModel &M,
                       llvm::function_ref<unsigned(uint32_t)> LineOf,
                       llvm::raw_ostream &OS);

} // namespace tcgen05

#endif
