//===- KnownBitsAnalysis.h - The known-bits dataflow problem ----*- C++ -*-===//
//
// The lattice, transfer and state handling of the known-bits analysis
// (KnownBits.h), shared by its solver and its search for invariant
// registers.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LIB_ANALYSIS_KNOWNBITSANALYSIS_H
#define TCGEN05_LIB_ANALYSIS_KNOWNBITSANALYSIS_H

#include "KnownBitsTransfer.h"

#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/Registers.h"

#include <memory>
#include <vector>

namespace tcgen05 {

/// The analysis proper: the register numbering, the relevant instructions,
/// and the one dense state that blocks are loaded into in turn.
class KnownBitsAnalysis : public RegisterFacts {
public:
  /// A block's facts: the registers something is known about, by number.
  /// Blocks share one list until one of them changes it: most blocks write
  /// no relevant register, and most joins then meet the very same list.
  using Facts = std::vector<std::pair<uint32_t, RegisterFact>>;
  using State = std::shared_ptr<const Facts>;

  KnownBitsAnalysis(const Function &F, llvm::ArrayRef<llvm::StringRef> Roots,
                    const RegisterNumbering &Regs, KnownBitsMarker Marker);
  /// Finds the invariant registers (KnownBitsInvariants.cpp) and their
  /// facts; from then on they are read from one table, left out of the
  /// states, and the instructions that write only them are not stepped.
  /// The instructions of Sites read what they read there.
  void findInvariants(const ControlFlowGraph &G, const DominatorTree &DT,
                      llvm::ArrayRef<uint32_t> Sites);
  /// Without a fixed point, sites get the facts of their own block only:
  /// invariant registers are then stepped like any other.
  void dropInvariants();
  /// Whether a relevant register is computed by an instruction that can
  /// make something known; if none is, only immediates are known.
  bool knowable() const { return Knowable; }
  void findLocals(const ControlFlowGraph &G,
                  llvm::ArrayRef<llvm::StringRef> Roots);

  State boundary() const { return {}; }
  bool join(State &Into, const State &From, bool Widen) const;
  uint64_t transfer(const CFGBlock &B, State &S);

  /// Relevant instructions of B that are stepped, ascending.
  llvm::ArrayRef<uint32_t> defsIn(const CFGBlock &B) const;
  /// Relevant instructions, stepped or not: the budget's measure.
  size_t numDefs() const { return Defs.size(); }

  void load(const State *S);
  void store(State &S);
  void step(uint32_t Inst) { transferInstruction(F, Inst, *this, Marker); }

  const RegisterFact *fact(const Operand &Reg) const override;
  void set(const Operand &Reg, const RegisterFact &Fact) override;
  /// The fact of a register by name.
  const RegisterFact *fact(llvm::StringRef Reg) const;

private:
  static constexpr uint32_t None = ~0u;
  /// The fact of relevant register R, or nullptr for None.
  const RegisterFact *factOf(uint32_t R) const;
  /// The relevant register of name number N, or None.
  uint32_t slot(uint32_t N) const { return N == None ? None : Slot[N]; }
  void makeRelevant(uint32_t Name);
  /// Calls Each with the relevant index of every relevant register that
  /// operand O reads.
  template <typename Fn> void forEachRelevantRead(const Operand &O, Fn &&Each);
  /// Makes instruction I a relevant definition, its sources relevant.
  void addDef(uint32_t I);

  const Function &F;
  KnownBitsMarker Marker;
  /// The function's register numbering, whose writer lists lead from a
  /// relevant register to the instructions that define it.
  const RegisterNumbering &Regs;
  const RegisterNames &Names;
  /// Relevant numbered registers whose writers are still to be followed.
  std::vector<uint32_t> Pending;
  /// By name number: the index of the register (or other name) among
  /// those that can flow into a root, or None.
  std::vector<uint32_t> Slot;
  uint32_t NumRelevant = 0;
  std::vector<bool> IsDef;
  /// Registers that live within one block (findLocals): left out of the
  /// states blocks pass on.
  std::vector<bool> Local;
  /// Instructions that write a relevant register, ascending.
  std::vector<uint32_t> Defs;
  /// By relevant index: the register's number, or None if nothing writes
  /// it.
  std::vector<uint32_t> SlotReg;
  /// Registers written by one unguarded instruction, from constants and
  /// other invariant registers only, before every relevant read on every
  /// path: the same fact wherever they are read.  By relevant index.
  std::vector<bool> Invariant;
  /// Their facts, by relevant index.
  std::vector<RegisterFact> InvariantFact;
  /// Whether set() is finding the invariant facts.
  bool FindingInvariants = false;
  /// Defs without the instructions that write only invariant registers.
  std::vector<uint32_t> SteppedDefs;
  /// Defs or SteppedDefs.
  const std::vector<uint32_t> *Stepped = &Defs;
  bool Knowable = false;
  /// The state being transferred, dense by register number; Touched lists
  /// the entries that may differ from "nothing known".
  std::vector<RegisterFact> Cur;
  std::vector<uint32_t> Touched;
  std::vector<bool> IsTouched;
};

template <typename Fn>
void KnownBitsAnalysis::forEachRelevantRead(const Operand &O, Fn &&Each) {
  forEachReadOperand(F, O, [&](const Operand &R) {
    if (uint32_t Id = slot(Names.of(R)); Id != None)
      Each(Id);
  });
}

} // namespace tcgen05

#endif
