//===- MbarrierAddresses.h - Which mbarrier an address names -----*- C++
//-*-===//
//
// Private to the mbarrier lint (HazardMbarriers.cpp): the objects an
// mbarrier instruction's address may name, a shared-memory symbol and an
// offset, and the few values an offset register may hold.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LINT_MBARRIERADDRESSES_H
#define TCGEN05_LINT_MBARRIERADDRESSES_H

#include "HazardContext.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <vector>

namespace tcgen05 {

/// An mbarrier object: the symbol its address is taken from and the
/// offset from it.  Remote: reached through mapa or a multicast, so in
/// any CTA of the cluster.
struct Target {
  /// One StringRef per name in a resolver's objects: equal names, equal
  /// data pointers.
  llvm::StringRef Symbol;
  int64_t Offset;
  bool Remote;
};
using Targets = llvm::SmallVector<Target, 2>;

using Values = llvm::SmallVector<int64_t, 4>;

/// An address as a base and a constant added to it: a variable (Reg is
/// RegisterNumbering::None), or a register's value as Writers wrote it.
/// Two addresses with equal bases and offsets are equal where no writer of
/// the base runs between them.
struct SymbolicAddress {
  uint32_t Reg;
  llvm::StringRef Symbol;
  llvm::SmallVector<uint32_t, 2> Writers;
  int64_t Offset;
  bool operator==(const SymbolicAddress &O) const {
    return Reg == O.Reg && Symbol == O.Symbol && Writers == O.Writers &&
           Offset == O.Offset;
  }
};

/// The mbarrier objects an address may name, followed through registers
/// with few writers: moves of a symbol, conversions, mapa, and additions
/// of offsets that take a few values (a pipeline's stage times 8, a stage
/// counted modulo a power of two).  Nothing when any step is something
/// else, or the candidates grow past a few dozen.
class AddressResolver {
public:
  explicit AddressResolver(const HazardFunction &C)
      : C(C), Regs(C.Shared.registers()) {}

  std::optional<Targets> of(const Operand &O, uint32_t At, unsigned Depth = 0);

  /// The values an operand may hold where instruction At reads it: an
  /// immediate, or what the writers of a register may write.  A register
  /// on a cycle of writers (a loop's counter) starts with no value and is
  /// evaluated again until its values stop growing: a stage counter that
  /// goes back to 0 at the number of stages has that many.
  std::optional<Values> values(const Operand &O, uint32_t At);

  /// Operand O where At reads it as a base and an offset, through moves
  /// and additions of constants with one writer each.
  std::optional<SymbolicAddress> symbolic(const Operand &O, uint32_t At,
                                          unsigned Depth = 0);

  /// The mapa instruction into another CTA (its rank not
  /// %cluster_ctarank) whose result an address may hold, through
  /// moves, conversions, additions (of either operand), selp and masks; a
  /// may answer, for a lint that warns.  None when no writer leads to one.
  std::optional<uint32_t> mapaOf(const Operand &O, uint32_t At,
                                 unsigned Depth = 0);

  /// The one value every path gives an operand.
  std::optional<int64_t> constant(const Operand &O, uint32_t At) {
    return single(values(O, At));
  }

private:
  static std::optional<int64_t> single(const std::optional<Values> &V);

  std::optional<Values> valuesRec(const Operand &O, uint32_t At,
                                  unsigned Depth);

  static constexpr unsigned MaxDepth = 24, MaxWriters = 32, MaxValues = 16,
                            MaxTargets = 64;

  static void addUnique(Values &V, int64_t X) {
    if (!llvm::is_contained(V, X))
      V.push_back(X);
  }

  /// Each of T moved by each of By (subtracted when Negate).
  static std::optional<Targets> offset(std::optional<Targets> T,
                                       std::optional<Values> By, bool Negate);

  /// Op applied to each pair of A and B.
  template <typename Fn>
  static std::optional<Values> pairwise(std::optional<Values> A,
                                        std::optional<Values> B, Fn &&Op) {
    if (!A || !B || A->size() * B->size() > MaxValues * MaxValues)
      return std::nullopt;
    Values Out;
    for (int64_t X : *A)
      for (int64_t Y : *B)
        addUnique(Out, Op(X, Y));
    if (Out.size() > MaxValues)
      return std::nullopt;
    return Out;
  }

  /// The writers of Reg whose value instruction At may read: the last one
  /// before it in its block, when that one is sure to have written it (no
  /// guard, or At's own), else those a walk back over the graph reaches
  /// (Key says which: the writer, or ReachingKey | At).
  llvm::ArrayRef<uint32_t> reaching(uint32_t Reg, uint32_t At,
                                    uint32_t &Key) const;

  /// For a register operand O: its number, and the writers reaching At
  /// (reaching); false for anything else.
  bool writersOf(const Operand &O, uint32_t At, uint32_t &Reg, uint32_t &Key,
                 llvm::ArrayRef<uint32_t> &Writers) const;

  /// Whether no instruction between From and To writes register Reg.
  bool noWriterBetween(uint32_t Reg, uint32_t From, uint32_t To) const;

  std::optional<Targets> targetsOf(uint32_t Reg, uint32_t At, unsigned Depth);

  std::optional<Targets> targetsWritten(uint32_t W, unsigned Depth);

  std::optional<Values> valuesOf(uint32_t Reg, uint32_t At, unsigned Depth);

  /// For predicate P read at At, written by a setp.eq or setp.ne of a
  /// register Y with a constant: whether it is eq, and the constant, when
  /// P at At still compares the value Y holds there: P's writer is on
  /// every path to At, and no path from Y's one writer reaches At without
  /// passing P's again.  Y is kept for sameValue.
  std::optional<std::pair<bool, int64_t>>
  comparison(const Operand &P, uint32_t At, unsigned Depth);

  /// Whether operand V holds the register comparison() last found
  /// compared.
  bool sameValue(const Operand &V) const;

  std::optional<Values> valuesWritten(uint32_t W, unsigned Depth);

  std::optional<uint32_t> mapaWritten(uint32_t W, unsigned Depth);
  /// Whether O holds %cluster_ctarank, through moves and conversions.
  bool isOwnRank(const Operand &O, uint32_t At, unsigned Depth) const;

  const HazardFunction &C;
  const RegisterNumbering &Regs;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, std::optional<Targets>>
      KnownTargets;
  /// mapaOf's answer by register and reaching writers (NoMapa for none,
  /// also while the register is being followed: a cycle adds nothing).
  static constexpr uint32_t NoMapa = ~0u;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint32_t> MapaOf;
  /// The values pass: registers evaluated in it, those being evaluated,
  /// and every register's values of the pass before.
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, std::optional<Values>> Done,
      Approx, Final;
  llvm::DenseSet<std::pair<uint32_t, uint32_t>> Visiting;
  bool Cycle = false, Grew = false;
  uint32_t Compared = RegisterNumbering::None;
  /// The variables' names the objects hold, one copy of each.
  llvm::DenseSet<llvm::StringRef> Symbols;
  /// The writers reaching a read, by register and reading instruction.
  static constexpr uint32_t ReachingKey = 0x80000000u;
  mutable std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>>
      Reaching;
};

} // namespace tcgen05

#endif
