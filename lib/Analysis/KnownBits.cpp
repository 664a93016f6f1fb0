//===- KnownBits.cpp - Forward known-bits dataflow ------------------------===//

#include "tcgen05/Analysis/KnownBits.h"

#include "tcgen05/Analysis/Dataflow.h"
#include "KnownBitsTransfer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace tcgen05;

namespace tcgen05 {

/// The analysis proper: the register numbering, the relevant instructions,
/// and the one dense state that blocks are loaded into in turn.
class KnownBitsAnalysis : public RegisterFacts {
public:
  /// A block's facts: the registers something is known about, by number.
  using State = std::vector<std::pair<uint32_t, RegisterFact>>;

  KnownBitsAnalysis(const ControlFlowGraph &G,
                    llvm::ArrayRef<llvm::StringRef> Roots);

  State boundary() const { return {}; }
  bool join(State &Into, const State &From) const;
  uint64_t transfer(const CFGBlock &B, State &S);

  /// Relevant instructions of B, ascending.
  llvm::ArrayRef<uint32_t> defsIn(const CFGBlock &B) const;
  bool anyDefs() const { return !Defs.empty(); }
  size_t numDefs() const { return Defs.size(); }
  void load(const State *S);
  void store(State &S);
  void step(uint32_t Inst) {
    transferInstruction(F, Inst, *this);
  }

  const RegisterFact *fact(llvm::StringRef Reg) const override;
  void set(llvm::StringRef Reg, const RegisterFact &Fact) override;

private:
  friend class tcgen05::KnownBitsState;
  const Function &F;
  llvm::DenseMap<llvm::StringRef, uint32_t> RegId;
  std::vector<bool> Relevant;
  /// Instructions that write a relevant register, ascending.
  std::vector<uint32_t> Defs;
  /// The state being transferred, dense by register number; Touched lists
  /// the entries that may differ from "nothing known".
  std::vector<RegisterFact> Cur;
  std::vector<uint32_t> Touched;
  std::vector<bool> IsTouched;
};

} // namespace tcgen05

namespace {

/// How many times the default budget lets the solver visit each block and
/// each relevant instruction.  Loops settle in a few passes each; a loop
/// that loses one bit per trip may take 64.
constexpr uint64_t PassesBudgeted = 24;

/// Registers named by an operand that an instruction writes when it is
/// the first: a register, or the members of a vector or p|q pair.
template <typename Fn>
void forEachWritten(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol) {
    Each(O.text());
    return;
  }
  if (O.Kind == OperandKind::Vector || O.Kind == OperandKind::Binary)
    for (const Operand &C : F.operands(O.Children))
      forEachWritten(F, C, Each);
}

/// Every register an operand reads.
template <typename Fn>
void forEachRead(const Function &F, const Operand &O, Fn &&Each) {
  if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol)
    Each(O.text());
  else
    for (const Operand &C : F.operands(O.Children))
      forEachRead(F, C, Each);
}

} // namespace

KnownBitsAnalysis::KnownBitsAnalysis(const ControlFlowGraph &G,
                                     llvm::ArrayRef<llvm::StringRef> Roots)
    : F(G.function()) {
  // Number every written register and list its writers; then follow the
  // roots backward through the writers' sources.
  std::vector<std::pair<uint32_t, uint32_t>> Writes; // (register, inst)
  auto Id = [&](llvm::StringRef R) {
    return RegId.try_emplace(R, static_cast<uint32_t>(RegId.size()))
        .first->second;
  };
  for (uint32_t I = 0; I < F.Instructions.size(); ++I) {
    llvm::ArrayRef<Operand> Ops = F.operands(F.Instructions[I].Operands);
    if (!Ops.empty())
      forEachWritten(F, Ops[0], [&](llvm::StringRef R) {
        Writes.push_back({Id(R), I});
      });
  }
  llvm::SmallVector<uint32_t, 16> Work;
  for (llvm::StringRef R : Roots)
    Work.push_back(Id(R));
  Relevant.assign(RegId.size(), false);
  llvm::sort(Writes);
  std::vector<bool> IsDef(F.Instructions.size());
  while (!Work.empty()) {
    uint32_t R = Work.pop_back_val();
    if (Relevant[R])
      continue;
    Relevant[R] = true;
    auto It = llvm::lower_bound(Writes, std::make_pair(R, 0u));
    for (; It != Writes.end() && It->first == R; ++It) {
      uint32_t I = It->second;
      if (IsDef[I])
        continue;
      IsDef[I] = true;
      Defs.push_back(I);
      for (const Operand &O :
           F.operands(F.Instructions[I].Operands).drop_front())
        forEachRead(F, O, [&](llvm::StringRef Src) {
          auto S = RegId.find(Src);
          if (S != RegId.end() && !Relevant[S->second])
            Work.push_back(S->second);
        });
    }
  }
  llvm::sort(Defs);
  Cur.resize(RegId.size());
  IsTouched.resize(RegId.size());
}

llvm::ArrayRef<uint32_t> KnownBitsAnalysis::defsIn(const CFGBlock &B) const {
  auto First = llvm::lower_bound(Defs, B.FirstInst);
  auto Last = std::lower_bound(First, Defs.end(), B.EndInst);
  return llvm::ArrayRef<uint32_t>(&*First, Last - First);
}

const RegisterFact *KnownBitsAnalysis::fact(llvm::StringRef Reg) const {
  auto It = RegId.find(Reg);
  return It == RegId.end() ? nullptr : &Cur[It->second];
}

void KnownBitsAnalysis::set(llvm::StringRef Reg, const RegisterFact &Fact) {
  auto It = RegId.find(Reg);
  if (It == RegId.end() || !Relevant[It->second])
    return;
  uint32_t R = It->second;
  Cur[R] = Fact;
  if (!IsTouched[R]) {
    IsTouched[R] = true;
    Touched.push_back(R);
  }
}

void KnownBitsAnalysis::load(const State *S) {
  for (uint32_t R : Touched) {
    Cur[R] = RegisterFact();
    IsTouched[R] = false;
  }
  Touched.clear();
  if (!S)
    return;
  for (const auto &[R, Fact] : *S) {
    Cur[R] = Fact;
    IsTouched[R] = true;
    Touched.push_back(R);
  }
}

void KnownBitsAnalysis::store(State &S) {
  S.clear();
  llvm::sort(Touched);
  for (uint32_t R : Touched) {
    const RegisterFact &Fact = Cur[R];
    if (!Fact.Bits.isUnknown() || Fact.Misaligned != RegisterFact::NoDef)
      S.push_back({R, Fact});
  }
}

bool KnownBitsAnalysis::join(State &Into, const State &From) const {
  // A register missing on either side is unknown there, so it is dropped.
  bool Changed = false;
  size_t Out = 0;
  auto It = From.begin();
  for (auto &[R, Fact] : Into) {
    while (It != From.end() && It->first < R)
      ++It;
    if (It == From.end() || It->first != R) {
      Changed = true;
      continue;
    }
    const RegisterFact &Other = It->second;
    RegisterFact New;
    New.Bits = Fact.Bits.intersectWith(Other.Bits);
    New.DefInst =
        Fact.DefInst == Other.DefInst ? Fact.DefInst : RegisterFact::NoDef;
    // Misaligned on one path is worth reporting.
    New.Misaligned = Fact.Misaligned != RegisterFact::NoDef ? Fact.Misaligned
                                                            : Other.Misaligned;
    if (New.Bits.isUnknown() && New.Misaligned == RegisterFact::NoDef) {
      Changed = true;
      continue;
    }
    Changed |= !(New == Fact);
    Into[Out++] = {R, std::move(New)};
  }
  Into.resize(Out);
  return Changed;
}

uint64_t KnownBitsAnalysis::transfer(const CFGBlock &B, State &S) {
  llvm::ArrayRef<uint32_t> D = defsIn(B);
  if (D.empty())
    return 0;
  load(&S);
  for (uint32_t I : D)
    step(I);
  store(S);
  return D.size();
}

RegisterFact KnownBitsState::lookup(llvm::StringRef Reg) const {
  const RegisterFact *Fact = A.fact(Reg);
  return Fact ? *Fact : RegisterFact();
}

RegisterFact KnownBitsState::operandFact(const NodePool &P,
                                         const Operand &O) const {
  return tcgen05::operandFact(P, O, A);
}

KnownBitsOutcome tcgen05::runKnownBits(
    const ControlFlowGraph &G, llvm::ArrayRef<llvm::StringRef> Roots,
    llvm::ArrayRef<uint32_t> Sites,
    llvm::function_ref<void(uint32_t, const KnownBitsState &)> Visit,
    uint64_t Budget) {
  KnownBitsOutcome Out;
  KnownBitsAnalysis A(G, Roots);
  Out.Budget = Budget ? Budget : PassesBudgeted * (G.size() + A.numDefs()) + 4096;
  Out.Unmodelled.assign(G.unmodelled().begin(), G.unmodelled().end());
  DataflowSolver<KnownBitsAnalysis> Solver(G, A, DataflowDirection::Forward);
  bool Flow = A.anyDefs();
  if (Flow && llvm::any_of(Out.Unmodelled, [](const UnmodelledConstruct &U) {
        return U.Kind == UnmodelledConstruct::UnresolvedTarget;
      })) {
    // A missing edge would make facts at its target too optimistic.
    Out.Status = KnownBitsOutcome::UnresolvedBranch;
    Flow = false;
  }
  if (Flow) {
    Flow = Solver.run(Out.Budget);
    Out.Steps = Solver.steps();
    if (!Flow)
      Out.Status = KnownBitsOutcome::BudgetExceeded;
  }
  // Each block with sites starts from its fixed-point state, or with
  // nothing known when there is none, and steps to each site in turn.
  KnownBitsState View(A);
  for (size_t K = 0; K < Sites.size();) {
    const CFGBlock &B = G.blockOf(Sites[K]);
    A.load(Flow ? Solver.input(B) : nullptr);
    llvm::ArrayRef<uint32_t> D = A.defsIn(B);
    for (; K < Sites.size() && Sites[K] < B.EndInst; ++K) {
      for (; !D.empty() && D.front() < Sites[K]; D = D.drop_front())
        A.step(D.front());
      Visit(Sites[K], View);
    }
  }
  return Out;
}
