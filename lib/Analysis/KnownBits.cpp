//===- KnownBits.cpp - Forward known-bits dataflow ------------------------===//

#include "tcgen05/Analysis/KnownBits.h"

#include "tcgen05/Analysis/Dataflow.h"
#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "KnownBitsAnalysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

using namespace tcgen05;

namespace {

/// How many times the default budget lets the solver visit each block and
/// each relevant instruction.  Loops settle in a few passes each; a loop
/// that loses one bit per trip may take 64.
constexpr uint64_t PassesBudgeted = 24;

} // namespace

KnownBitsAnalysis::KnownBitsAnalysis(const Function &F,
                                     llvm::ArrayRef<llvm::StringRef> Roots,
                                     const RegisterNumbering &Regs,
                                     KnownBitsMarker Marker)
    : F(F), Marker(Marker), Regs(Regs), Names(Regs.names()),
      Slot(Names.size(), None), IsDef(F.Instructions.size()) {
  // Follow the writers of each relevant register from the roots: only what
  // can flow into a root is visited.
  for (llvm::StringRef R : Roots)
    makeRelevant(Names.lookup(R));
  while (!Pending.empty()) {
    uint32_t N = Pending.back();
    Pending.pop_back();
    for (uint32_t I : Regs.writers(N))
      if (!IsDef[I])
        addDef(I);
  }
  llvm::sort(Defs);
  Cur.resize(NumRelevant);
  IsTouched.resize(NumRelevant);
  Local.assign(NumRelevant, false);
}

void KnownBitsAnalysis::makeRelevant(uint32_t Name) {
  if (Name == None || Slot[Name] != None)
    return;
  Slot[Name] = NumRelevant++;
  uint32_t N = Regs.ofName(Name);
  SlotReg.push_back(N);
  if (N != RegisterNumbering::None)
    Pending.push_back(N);
}

void KnownBitsAnalysis::addDef(uint32_t I) {
  IsDef[I] = true;
  Defs.push_back(I);
  // Only the opcodes the transfer models can make anything known.
  Knowable |= F.Instructions[I].is(OpBits);
  for (const Operand &O : F.operands(F.Instructions[I].Operands).drop_front())
    forEachReadOperand(F, O,
                       [&](const Operand &R) { makeRelevant(Names.of(R)); });
}

void KnownBitsAnalysis::findLocals(const ControlFlowGraph &G,
                                   llvm::ArrayRef<llvm::StringRef> Roots) {
  // A temporary written and read in one block, always written before it
  // is read there, never needs to leave that block's transfer.
  constexpr uint32_t Several = ~0u - 1;
  std::vector<uint32_t> Home(NumRelevant, None), FirstDef(NumRelevant, None);
  auto Each = [&](uint32_t I, auto &&Written, auto &&Read) {
    llvm::ArrayRef<Operand> Ops = F.operands(F.Instructions[I].Operands);
    forEachWrittenOperand(F, Ops[0], [&](const Operand &R) {
      if (uint32_t Id = slot(Names.of(R)); Id != None)
        Written(Id);
    });
    for (const Operand &O : Ops.drop_front())
      forEachRelevantRead(O, Read);
  };
  for (uint32_t I : Defs) {
    uint32_t B = G.blockOf(I).Number;
    Each(
        I,
        [&](uint32_t R) {
          Home[R] = Home[R] == None || Home[R] == B ? B : Several;
          FirstDef[R] = std::min(FirstDef[R], I);
        },
        [](uint32_t) {});
  }
  for (uint32_t R = 0; R < NumRelevant; ++R)
    Local[R] = Home[R] != None && Home[R] != Several;
  for (uint32_t I : Defs) {
    uint32_t B = G.blockOf(I).Number;
    Each(
        I, [](uint32_t) {},
        [&](uint32_t R) {
          if (Home[R] != B || I <= FirstDef[R])
            Local[R] = false;
        });
  }
  for (llvm::StringRef R : Roots)
    if (uint32_t Id = slot(Names.lookup(R)); Id != None)
      Local[Id] = false;
}

llvm::ArrayRef<uint32_t> KnownBitsAnalysis::defsIn(const CFGBlock &B) const {
  const std::vector<uint32_t> &D = *Stepped;
  auto First = llvm::lower_bound(D, B.FirstInst);
  auto Last = std::lower_bound(First, D.end(), B.EndInst);
  // Every relevant instruction may be invariant: D may be empty.
  return llvm::ArrayRef<uint32_t>(D.data() + (First - D.begin()),
                                  static_cast<size_t>(Last - First));
}

const RegisterFact *KnownBitsAnalysis::factOf(uint32_t R) const {
  if (R == None)
    return nullptr;
  return !Invariant.empty() && Invariant[R] ? &InvariantFact[R] : &Cur[R];
}

const RegisterFact *KnownBitsAnalysis::fact(const Operand &Reg) const {
  return factOf(slot(Names.of(Reg)));
}

const RegisterFact *KnownBitsAnalysis::fact(llvm::StringRef Reg) const {
  return factOf(slot(Names.lookup(Reg)));
}

void KnownBitsAnalysis::set(const Operand &Reg, const RegisterFact &Fact) {
  uint32_t R = slot(Names.of(Reg));
  if (R == None)
    return;
  if (!Invariant.empty() && Invariant[R]) {
    // Found once; an instruction that also writes another register is
    // stepped again in the flow, and leaves this fact as it is.
    if (FindingInvariants)
      InvariantFact[R] = Fact;
    return;
  }
  if (FindingInvariants)
    return;
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
  if (!S || !*S)
    return;
  for (const auto &[R, Fact] : **S) {
    Cur[R] = Fact;
    IsTouched[R] = true;
    Touched.push_back(R);
  }
}

void KnownBitsAnalysis::store(State &S) {
  llvm::sort(Touched);
  auto Kept = [&](uint32_t R) {
    const RegisterFact &Fact = Cur[R];
    return !Local[R] &&
           (!Fact.Bits.isUnknown() || Fact.Marked != RegisterFact::NoDef);
  };
  // Most blocks change only temporaries, or write what was already known:
  // then the block passes its input on, shared, and nothing is built.
  {
    static const Facts Empty;
    const Facts &In = S ? *S : Empty;
    size_t K = 0;
    bool Same = true;
    for (uint32_t R : Touched) {
      if (!Kept(R))
        continue;
      if (K == In.size() || In[K].first != R || !(In[K].second == Cur[R])) {
        Same = false;
        break;
      }
      ++K;
    }
    if (Same && K == In.size())
      return;
  }
  auto Out = std::make_shared<Facts>();
  Out->reserve(Touched.size());
  for (uint32_t R : Touched)
    if (Kept(R))
      Out->push_back({R, Cur[R]});
  S = std::move(Out);
}

namespace {

/// What is known of a register on both sides of a join.
RegisterFact meet(const RegisterFact &A, const RegisterFact &B) {
  RegisterFact New;
  New.Bits = A.Bits.intersectWith(B.Bits);
  New.DefInst = A.DefInst == B.DefInst ? A.DefInst : RegisterFact::NoDef;
  // A mark on one path is worth reporting.
  New.Marked = A.Marked != RegisterFact::NoDef ? A.Marked : B.Marked;
  return New;
}

} // namespace

bool KnownBitsAnalysis::join(State &Into, const State &From, bool Widen) const {
  if (Into == From || !Into)
    return false;
  // A register missing on either side is unknown there, so it is dropped.
  // The lists are sorted by register: one merge finds whether anything
  // changes, a second builds the result only if so.
  static const Facts None;
  const Facts &Old = *Into, &Other = From ? *From : None;
  auto Walk = [&](auto &&Each) {
    auto It = Other.begin();
    for (const auto &[R, Fact] : Old) {
      while (It != Other.end() && It->first < R)
        ++It;
      if (It == Other.end() || It->first != R)
        Each(R, Fact, nullptr);
      else
        Each(R, Fact, &It->second);
    }
  };
  // Often the result is From itself (From knows less of everything Into
  // knows, and nothing else): then the list is shared, not built.
  // Widening drops what changes, so then only unchanged entries count.
  bool Changed = false;
  size_t AsFrom = 0;
  Walk([&](uint32_t, const RegisterFact &Fact, const RegisterFact *O) {
    if (!O) {
      Changed = true;
      return;
    }
    if (*O == Fact) {
      ++AsFrom;
      return;
    }
    RegisterFact M = meet(Fact, *O);
    Changed |= !(M == Fact);
    AsFrom += !Widen && M == *O;
  });
  if (!Changed)
    return false;
  if (AsFrom == Other.size()) {
    Into = From;
    return true;
  }
  auto New = std::make_shared<Facts>();
  Walk([&](uint32_t R, const RegisterFact &Fact, const RegisterFact *O) {
    if (!O)
      return;
    RegisterFact M = meet(Fact, *O);
    if (Widen && !(M == Fact)) {
      // Whatever still changes here is given up at once.
      M.Bits = llvm::KnownBits(64);
      M.DefInst = RegisterFact::NoDef;
    }
    if (!M.Bits.isUnknown() || M.Marked != RegisterFact::NoDef)
      New->push_back({R, std::move(M)});
  });
  Into = std::move(New);
  return true;
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
    const Function &F, llvm::ArrayRef<llvm::StringRef> Roots,
    llvm::ArrayRef<uint32_t> Sites,
    llvm::function_ref<void(uint32_t, const KnownBitsState &)> Visit,
    uint64_t Budget, FunctionAnalyses *Shared, KnownBitsMarker Marker) {
  KnownBitsOutcome Out;
  std::optional<FunctionAnalyses> Own;
  // The known bits read nothing of the module.
  FunctionAnalyses &Analyses = Shared ? *Shared : Own.emplace(F, FunctionEnv{});
  KnownBitsAnalysis A(F, Roots, Analyses.registers(), Marker);
  KnownBitsState View(A);
  if (!A.knowable()) {
    // Only immediates can be known: no graph, no flow.
    for (uint32_t Site : Sites)
      Visit(Site, View);
    return Out;
  }
  const ControlFlowGraph &G = Analyses.cfg();
  A.findLocals(G, Roots);
  Out.Budget =
      Budget ? Budget : PassesBudgeted * (G.size() + A.numDefs()) + 4096;
  Out.Unmodelled.assign(G.unmodelled().begin(), G.unmodelled().end());
  DataflowSolver<KnownBitsAnalysis> Solver(G, A, DataflowDirection::Forward);
  bool Flow = true;
  if (llvm::any_of(Out.Unmodelled, [](const UnmodelledConstruct &U) {
        return U.Kind == UnmodelledConstruct::UnresolvedTarget;
      })) {
    // A missing edge would make facts at its target too optimistic.
    Out.Status = KnownBitsOutcome::UnresolvedBranch;
    Flow = false;
  }
  if (Flow) {
    A.findInvariants(G, Analyses.dominators(), Sites);
    Flow = Solver.run(Out.Budget);
    Out.Steps = Solver.steps();
    if (!Flow) {
      Out.Status = KnownBitsOutcome::BudgetExceeded;
      A.dropInvariants();
    }
  }
  // Each block with sites starts from its fixed-point state, or with
  // nothing known when there is none, and steps to each site in turn.
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
