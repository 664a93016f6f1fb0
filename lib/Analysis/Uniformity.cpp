//===- Uniformity.cpp - Which values and blocks a warp shares -------------===//

#include "tcgen05/Analysis/Uniformity.h"

#include "UniformityReaching.h"

#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace tcgen05;

namespace {

std::optional<ValueKind> specialKind(llvm::StringRef Name) {
  // The lane sources: in a 1-D block %tid.x is 32 x warp + lane.
  if (Name == "%tid.x" || Name == "%laneid")
    return ValueKind::Lane;
  // A vector register's components (%ctaid.x) share its kind.
  llvm::StringRef Base = Name.take_until([](char C) { return C == '.'; });
#define SREG(S, Warp)                                                          \
  if (Base == S)                                                               \
    return ValueKind::Warp;
#include "tcgen05/Basic/SpecialRegisters.def"
  return std::nullopt;
}

ValueKind negate(ValueKind K) {
  switch (K) {
  case ValueKind::OneLane:
    return ValueKind::AllButOneLane;
  case ValueKind::AllButOneLane:
    return ValueKind::OneLane;
  case ValueKind::Lane:
    return ValueKind::Varying;
  default:
    return K;
  }
}

bool isImmediate(const Operand &O) { return O.Kind == OperandKind::Integer; }

} // namespace

ValueKind tcgen05::joinKinds(ValueKind A, ValueKind B) {
  if (A == B || B == ValueKind::None)
    return A;
  if (A == ValueKind::None)
    return B;
  // A flag cleared everywhere and set in one thread: the uniform write is
  // the side every other thread keeps.
  if (A == ValueKind::Uniform &&
      (B == ValueKind::OneLane || B == ValueKind::AllButOneLane))
    return B;
  if (B == ValueKind::Uniform &&
      (A == ValueKind::OneLane || A == ValueKind::AllButOneLane))
    return A;
  return ValueKind::Varying;
}

UniformityInfo::UniformityInfo(const Function &F, const ControlFlowGraph &G,
                               const DominatorTree &DT,
                               const PostDominatorTree &PDT,
                               const RegisterNumbering &Regs)
    : F(F), G(G), DT(DT), PDT(PDT), Regs(Regs), Conds(F, G, DT, Regs),
      RegKind(Regs.size(), ValueKind::None), Demanded(Regs.size()),
      Divergent(G.size()), SingleThread(G.size()), Cause(G.size(), ~0u) {
  // Only guards are asked about: the lints read instructions' guards and
  // the blocks that branches make divergent.
  llvm::SmallVector<uint32_t, 64> Roots;
  for (uint32_t I = 0; I < F.Instructions.size(); ++I)
    if (uint32_t R = Regs.guardOf(I); R != RegisterNumbering::None)
      Roots.push_back(R);
  classifyValues(Roots);
  markBlocks();
}

UniformityInfo::~UniformityInfo() = default;

ValueKind UniformityInfo::value(llvm::StringRef Reg) {
  if (uint32_t Id = Regs.lookup(Reg); Id != RegisterNumbering::None) {
    if (!Demanded.test(Id))
      classifyValues({Id});
    return RegKind[Id];
  }
  if (std::optional<ValueKind> K = specialKind(Reg))
    return *K;
  return ValueKind::Varying;
}

ValueKind UniformityInfo::operandKind(const Operand &O) const {
  return operandKind(O, [&](uint32_t Id) { return RegKind[Id]; });
}

ValueKind UniformityInfo::operandKind(const Operand &O, RegKinds Kinds) const {
  switch (O.Kind) {
  case OperandKind::Integer:
  case OperandKind::Float:
  case OperandKind::String:
  case OperandKind::Sink:
    return ValueKind::Uniform;
  case OperandKind::Symbol:
  case OperandKind::Register:
  case OperandKind::Member: {
    // A symbol is a variable's or parameter's address, or a register of an
    // inline-asm block declared without '%'.
    uint32_t Id = Regs.of(O);
    if (Id != RegisterNumbering::None)
      return Kinds(Id);
    if (O.Kind == OperandKind::Symbol)
      return ValueKind::Uniform;
    return specialKind(O.text()).value_or(ValueKind::Varying);
  }
  default: {
    ValueKind K = ValueKind::None;
    bool AnyLane = false;
    for (const Operand &C : F.operands(O.children())) {
      ValueKind CK = operandKind(C, Kinds);
      AnyLane |= CK != ValueKind::Uniform && CK != ValueKind::None;
      K = joinKinds(K, CK);
    }
    // An address or expression mixing operands is uniform only if all are.
    return AnyLane ? ValueKind::Varying
                   : (K == ValueKind::None ? ValueKind::Uniform : K);
  }
  }
}

ValueKind UniformityInfo::guard(uint32_t I) const {
  return guard(I, [&](uint32_t Id) { return RegKind[Id]; });
}

ValueKind UniformityInfo::guard(uint32_t I, RegKinds Kinds) const {
  const Guard &G = F.Instructions[I].pred();
  if (!G.Reg.valid() || G.Reg.empty())
    return ValueKind::Uniform;
  uint32_t Id = Regs.guardOf(I);
  ValueKind K = Id != RegisterNumbering::None
                    ? Kinds(Id)
                    : specialKind(G.Reg.text()).value_or(ValueKind::Varying);
  if (K == ValueKind::None)
    K = ValueKind::Uniform;
  return G.Negated ? negate(K) : K;
}

bool UniformityInfo::isSingleThreadInst(uint32_t I) const {
  return isSingleThread(G.blockOf(I)) || guard(I) == ValueKind::OneLane;
}

namespace {

/// Whether every source is uniform (or not yet known): the result of a
/// computation from them is then uniform.
bool allUniform(llvm::ArrayRef<ValueKind> Ks) {
  return llvm::all_of(Ks, [](ValueKind K) {
    return K == ValueKind::Uniform || K == ValueKind::None;
  });
}

bool isUniformish(ValueKind K) {
  return K == ValueKind::Uniform || K == ValueKind::None;
}

/// setp with a lane value on one side and a constant on the other.
ValueKind compareLane(llvm::StringRef Word, uint64_t C, bool LaneOnLeft) {
  bool Unsigned;
  std::optional<CompareOp> Cmp = parseCompare(Word, Unsigned);
  if (!Cmp)
    return ValueKind::Varying;
  if (*Cmp == CompareOp::Eq)
    return ValueKind::OneLane;
  if (*Cmp == CompareOp::Ne)
    return ValueKind::AllButOneLane;
  // With the lane on the left: c < lane is lane > c.  lane < 32k and
  // lane >= 32k split at a warp boundary; so do lane > 32k-1 and
  // lane <= 32k-1.
  CompareOp Op = LaneOnLeft ? *Cmp : mirrorCompare(*Cmp);
  if ((Op == CompareOp::Lt || Op == CompareOp::Ge) && C % 32 == 0)
    return ValueKind::Uniform;
  if ((Op == CompareOp::Gt || Op == CompareOp::Le) && (C + 1) % 32 == 0)
    return ValueKind::Uniform;
  return ValueKind::Varying;
}

} // namespace

bool UniformityInfo::readsOwnParameter(llvm::ArrayRef<Operand> Ops) const {
  if (Ops.size() != 2 || Ops[1].Kind != OperandKind::Address)
    return false;
  // [name] or [name+offset]: the name is the address's first symbol.
  const Operand *Base = &Ops[1];
  while (Base->hasChildren() && Base->children().Count)
    Base = &F.operands(Base->children())[0];
  if (Base->Kind != OperandKind::Symbol)
    return false;
  // A call's arguments and results are .param variables declared in the
  // body (`.param .b64 retval0;`); the function's own are declared in its
  // signature.
  if (!BodyParams) {
    BodyParams.emplace();
    for (const Declaration &D : F.Declarations)
      if (D.Space.text() == ".param")
        for (const Declarator &P : F.declarators(D.Declarators))
          BodyParams->insert(P.Name.text());
  }
  return !BodyParams->contains(Base->text());
}

ValueKind UniformityInfo::transfer(uint32_t Index) const {
  return transfer(Index, [&](uint32_t Id) { return RegKind[Id]; });
}

ValueKind UniformityInfo::transfer(uint32_t Index, RegKinds Kinds) const {
  const Instruction &I = F.Instructions[Index];
  Opcode Op = I.op();
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  auto Has = [&](llvm::StringRef Q) {
    return llvm::any_of(Quals, [&](const Span &S) { return S.text() == Q; });
  };
  llvm::SmallVector<ValueKind, 4> Src;
  for (const Operand &O : Ops.drop_front())
    Src.push_back(operandKind(O, Kinds));

  if (Op == Opcode::Ld || Op == Opcode::Ldu) {
    // A kernel's parameters are the same for every thread.  Otherwise a
    // converged warp loading one address reads one value: kernels keep the
    // tensor memory address and tile coordinates in shared memory and
    // branch on them.  A store racing with the load is not considered.
    // A .func is judged alone: its own parameters are taken to be what a
    // converged caller passes, so that only a divergence the function
    // itself makes is reported; what a call returns may vary.
    if (Has(".param") && !F.IsEntry)
      return readsOwnParameter(Ops) ? ValueKind::Uniform : ValueKind::Varying;
    return allUniform(Src) ? ValueKind::Uniform : ValueKind::Varying;
  }
  if (Op == Opcode::Shfl)
    // shfl.sync.idx d|p, a, lane, c, mask: every thread reads one lane.
    return Has(".idx") && Src.size() >= 2 && isUniformish(Src[1])
               ? ValueKind::Uniform
               : ValueKind::Varying;
  if (Op == Opcode::Vote || Op == Opcode::Activemask || Op == Opcode::Redux ||
      Op == Opcode::Elect)
    return ValueKind::Uniform;
  if (I.is(OpVarying))
    return ValueKind::Varying;
  if (Src.empty())
    return ValueKind::Uniform;
  if (allUniform(Src))
    return ValueKind::Uniform;

  auto Imm = [&](size_t K) -> std::optional<uint64_t> {
    if (K + 1 < Ops.size() && isImmediate(Ops[K + 1]))
      return Ops[K + 1].value();
    return std::nullopt;
  };
  bool TwoSources = Src.size() == 2;
  if (Op == Opcode::Mov || Op == Opcode::Cvt || Op == Opcode::Cvta)
    return Src.size() == 1 ? Src[0] : ValueKind::Varying;
  if (Op == Opcode::Not && Src.size() == 1)
    return negate(Src[0]);
  if (TwoSources && Src[0] == ValueKind::Lane) {
    std::optional<uint64_t> C = Imm(1);
    if (C && (Op == Opcode::Shr && *C >= 5))
      return ValueKind::Uniform;
    if (C && Op == Opcode::Div && *C % 32 == 0)
      return ValueKind::Uniform;
    if (C && Op == Opcode::Rem && *C % 32 == 0)
      return ValueKind::Lane;
    if (C && Op == Opcode::And)
      return (*C & 31) == 0    ? ValueKind::Uniform
             : (*C & 31) == 31 ? ValueKind::Lane
                               : ValueKind::Varying;
    if (C && (Op == Opcode::Add || Op == Opcode::Sub) && *C % 32 == 0)
      return ValueKind::Lane;
  }
  if (TwoSources && Op == Opcode::And && Imm(1) &&
      Ops[1].Kind == OperandKind::Register) {
    // (lane-valued << s) & C keeps no bit of the lane when C has none of
    // bits s..s+4: CUTLASS builds Tensor Memory lane addresses from
    // %tid.x << 16 and masks the warp's bits.
    llvm::ArrayRef<uint32_t> W = Regs.writers(Regs.of(Ops[1]));
    if (W.size() == 1 && !F.Instructions[W[0]].guarded()) {
      const Instruction &Shl = F.Instructions[W[0]];
      llvm::ArrayRef<Operand> SOps = F.operands(Shl.Operands);
      if (Shl.op() == Opcode::Shl && SOps.size() == 3 &&
          SOps[2].Kind == OperandKind::Integer && SOps[2].value() < 59 &&
          operandKind(SOps[1], Kinds) == ValueKind::Lane &&
          (*Imm(1) >> SOps[2].value() & 31) == 0)
        return ValueKind::Uniform;
    }
  }
  if (Op == Opcode::Setp && TwoSources && !Quals.empty()) {
    llvm::StringRef Cmp = Quals.front().text();
    for (bool Left : {true, false}) {
      ValueKind Mine = Src[Left ? 0 : 1], Other = Src[Left ? 1 : 0];
      std::optional<uint64_t> C = Imm(Left ? 1 : 0);
      if (Mine == ValueKind::Lane && isUniformish(Other))
        return C ? compareLane(Cmp, *C, Left)
                 : (Cmp == ".eq"   ? ValueKind::OneLane
                    : Cmp == ".ne" ? ValueKind::AllButOneLane
                                   : ValueKind::Varying);
      // A flag non-zero in one thread, compared with 0.
      if ((Mine == ValueKind::OneLane || Mine == ValueKind::AllButOneLane) &&
          C && *C == 0 && (Cmp == ".eq" || Cmp == ".ne"))
        return Cmp == ".ne" ? Mine : negate(Mine);
    }
  }
  if (Op == Opcode::Selp && Src.size() == 3 && Imm(0) && Imm(1) &&
      (Src[2] == ValueKind::OneLane || Src[2] == ValueKind::AllButOneLane)) {
    // selp d, a, b, p with constants: a flag of p (nvcc materializes
    // elect_one_sync()'s bool so).
    if (*Imm(0) != 0 && *Imm(1) == 0)
      return Src[2];
    if (*Imm(0) == 0 && *Imm(1) != 0)
      return negate(Src[2]);
  }
  if ((Op == Opcode::And || Op == Opcode::Or) && TwoSources) {
    // A predicate true in one thread stays so when and-ed with a uniform
    // one; false in one thread when or-ed.
    ValueKind Keep =
        Op == Opcode::And ? ValueKind::OneLane : ValueKind::AllButOneLane;
    if ((Src[0] == Keep && isUniformish(Src[1])) ||
        (Src[1] == Keep && isUniformish(Src[0])))
      return Keep;
  }
  return ValueKind::Varying;
}

void UniformityInfo::demand(llvm::ArrayRef<uint32_t> Roots,
                            std::vector<uint32_t> &Writers,
                            std::vector<std::pair<uint32_t, uint32_t>> &Reads) {
  // A register's kind depends on its writers' sources and guards: the
  // registers asked about and everything they depend on, with the
  // instructions writing them.
  llvm::SmallVector<uint32_t, 64> Work;
  auto Need = [&](uint32_t R) {
    if (R != RegisterNumbering::None && !Demanded.test(R)) {
      Demanded.set(R);
      Work.push_back(R);
    }
  };
  for (uint32_t R : Roots)
    Need(R);
  uint32_t Reader = 0;
  auto Read = [&](uint32_t R) {
    if (R == RegisterNumbering::None)
      return;
    Reads.push_back({R, Reader});
    Need(R);
  };
  auto Sources = [&](const Operand &O, auto &Self) -> void {
    if (O.Kind == OperandKind::Register || O.Kind == OperandKind::Symbol ||
        O.Kind == OperandKind::Member)
      Read(Regs.of(O));
    else
      for (const Operand &C : F.operands(O.children()))
        Self(C, Self);
  };
  // Writers in instruction order: from a flag per instruction when more
  // than one instruction in 64 is one (the guards' writers are most of a
  // body's), sorted when they are few.
  llvm::BitVector IsWriter(F.Instructions.size());
  while (!Work.empty()) {
    for (uint32_t W : Regs.writers(Work.pop_back_val())) {
      // A writer of several registers (a vector, p|q) is walked once.
      if (IsWriter.test(W))
        continue;
      IsWriter.set(W);
      Writers.push_back(W);
      Reader = W;
      for (const Operand &O :
           F.operands(F.Instructions[W].Operands).drop_front())
        Sources(O, Sources);
      Read(Regs.guardOf(W));
    }
  }
  if (Writers.size() * 64 < F.Instructions.size()) {
    llvm::sort(Writers);
    return;
  }
  Writers.clear();
  for (unsigned W : IsWriter.set_bits())
    Writers.push_back(W);
}

ValueKind UniformityInfo::writtenKind(uint32_t Index, const Operand &W,
                                      RegKinds Kinds) const {
  const Instruction &I = F.Instructions[Index];
  Opcode Op = I.op();
  // A value written in a divergent block is not made varying: compiler
  // output reuses registers, so one write under a varying branch would
  // spoil every other live range of the name.  Values that differ only
  // because a path wrote them are therefore missed.
  ValueKind K = transfer(Index, Kinds);
  ValueKind Guard = guard(Index, Kinds);
  if (Guard == ValueKind::OneLane || Guard == ValueKind::AllButOneLane) {
    // A constant written in one thread (or all but one) makes a flag.
    const Operand *Src =
        I.Operands.Count == 2 ? &F.Operands[I.Operands.First + 1] : nullptr;
    if (K == ValueKind::Uniform && Src && isImmediate(*Src))
      K = Src->value() ? Guard : negate(Guard);
    else
      K = ValueKind::Varying;
  } else if (Guard != ValueKind::Uniform) {
    K = ValueKind::Varying;
  }
  // d|p pairs: elect.sync elects one thread, setp's second predicate is the
  // negation of the first.  The place in the pair is the operand's, not the
  // count of registers written before it: with the sink first (elect.sync
  // _|p), p is still the elected lane's flag.
  const Operand &First = F.Operands[I.Operands.First];
  bool IsSecond = First.Kind == OperandKind::Binary &&
                  First.children().Count == 2 &&
                  &W == &F.operands(First.children())[1];
  if (Op == Opcode::Elect)
    return IsSecond ? ValueKind::OneLane : K;
  if (Op == Opcode::Setp && IsSecond)
    return negate(K);
  return K;
}

void UniformityInfo::classifyValues(llvm::ArrayRef<uint32_t> Roots) {
  std::vector<uint32_t> Writers;
  std::vector<std::pair<uint32_t, uint32_t>> Reads;
  demand(Roots, Writers, Reads);
  if (Writers.empty())
    return;
  // The writers reading each register: a writer is evaluated again only
  // when a register it reads changed since it last was, which gives what
  // passes over every writer give, without the passes that change nothing.
  Buckets Readers(Regs.size(), Reads);
  llvm::BitVector Pending(F.Instructions.size());
  for (uint32_t Index : Writers)
    Pending.set(Index);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (uint32_t Index : Writers) {
      if (!Pending.test(Index))
        continue;
      Pending.reset(Index);
      const Instruction &I = F.Instructions[Index];
      unsigned Written = Regs.writtenMask(Index);
      if (!(Written & 1))
        continue;
      forEachInstructionWrittenOperand(F, I, Written, [&](const Operand &W) {
        ValueKind Mine = writtenKind(Index, W);
        uint32_t R = Regs.of(W);
        ValueKind &Slot = RegKind[R];
        ValueKind New = joinKinds(Slot, Mine);
        if (New == Slot)
          return;
        Slot = New;
        // A later reader sees the change in this pass, an earlier one in
        // the next.
        for (uint32_t Reader : Readers[R]) {
          Pending.set(Reader);
          Changed |= Reader <= Index;
        }
      });
    }
  }
}

template <typename Fn>
void UniformityInfo::forEachDominated(const CFGBlock *Root, Fn &&Each) const {
  DT.forEachDominated(Root, Each);
}

bool UniformityInfo::premise(uint32_t Reg,
                             llvm::SmallVectorImpl<ValueRange> &Out,
                             unsigned Depth) const {
  if (Reg == RegisterNumbering::None || Depth > 6)
    return false;
  auto Same = [](const ValueRange &A, const ValueRange &B) {
    return A.Reg == B.Reg && A.Lo == B.Lo && A.Hi == B.Hi &&
           A.AllBut == B.AllBut && A.Unsigned == B.Unsigned;
  };
  auto UniformBranch = [&](uint32_t Branch) {
    return guard(Branch) == ValueKind::Uniform;
  };
  bool First = true;
  llvm::SmallVector<ValueRange, 8> Common;
  for (uint32_t W : Regs.writers(Reg)) {
    const Instruction &I = F.Instructions[W];
    Opcode Op = I.op();
    if (Op != Opcode::Elect && guard(W) == ValueKind::Uniform &&
        transfer(W) == ValueKind::Uniform)
      continue;
    // A write that may differ between threads: the conditions on the way
    // to it, and those of the one source that may differ, if it has one.
    llvm::SmallVector<ValueRange, 8> Here;
    Conds.dominating(G.blockOf(W), Here, 8, UniformBranch);
    if (Op != Opcode::Elect && guard(W) == ValueKind::Uniform) {
      uint32_t Varying = RegisterNumbering::None;
      unsigned Count = 0;
      for (const Operand &O : F.operands(I.Operands).drop_front())
        if (O.Kind == OperandKind::Register && !isUniformish(operandKind(O))) {
          Varying = Regs.of(O);
          ++Count;
        }
      llvm::SmallVector<ValueRange, 8> FromSource;
      if (Count == 1 && premise(Varying, FromSource, Depth + 1))
        Here.append(FromSource.begin(), FromSource.end());
    }
    if (First) {
      Common = Here;
      First = false;
    } else {
      llvm::erase_if(Common, [&](const ValueRange &C) {
        return llvm::none_of(Here,
                             [&](const ValueRange &H) { return Same(C, H); });
      });
    }
    if (Common.empty())
      return false;
  }
  Out.assign(Common.begin(), Common.end());
  return !Out.empty();
}

void UniformityInfo::markBlocks() {
  llvm::SmallVector<const CFGBlock *, 16> Work, Region;
  std::vector<uint32_t> Stamp(G.size(), 0);
  uint32_t Epoch = 0;
  llvm::BitVector HasTcgen05(G.size());
  for (const Tcgen05Inst &T : F.Tcgen05)
    HasTcgen05.set(G.blockOf(T.Instruction).Number);
  for (const CFGBlock &B : G) {
    if (B.empty() || B.succs().size() != 2 || B.succs()[0] == B.succs()[1])
      continue;
    uint32_t Last = B.EndInst - 1;
    const Instruction &I = F.Instructions[Last];
    if (I.op() != Opcode::Bra ||
        llvm::any_of(F.qualifiers(I.Qualifiers),
                     [](const Span &S) { return S.text() == ".uni"; }))
      continue;
    ValueKind K = guard(Last);
    if (K == ValueKind::Uniform)
      continue;
    // Divergent: what lies between the branch and where its paths meet,
    // but for what only warps that the branch cannot split reach.
    // The premise is found when a uniform condition on the way asks.
    llvm::SmallVector<ValueRange, 8> Premise;
    std::optional<bool> HasPremise;
    auto Follows = [&](const CFGBlock &From, const CFGBlock &To) {
      if (&From == &B || From.succs().size() != 2)
        return true;
      // A copy: finding the premise may resolve more edges.
      BranchConditions::Conditions E = Conds.onEdge(From, To);
      if (E.empty())
        return true;
      if (!HasPremise)
        HasPremise = premise(Regs.guardOf(Last), Premise);
      return !*HasPremise || !BranchConditions::contradict(Premise, E);
    };
    const CFGBlock *Join = PDT.ipdom(&B);
    auto Mark = [&](const CFGBlock *C) {
      if (!Divergent.test(C->Number)) {
        Divergent.set(C->Number);
        Cause[C->Number] = Last;
      }
    };
    // The paths never meet again when one side ends in an exit.  Threads
    // that have exited are not followed; what each side alone leads to
    // diverges, what other paths also reach is left as it is (a kernel's
    // roles are told apart by uniform branches that the graph does not
    // correlate).
    Region.clear();
    for (const CFGBlock *Side : B.succs()) {
      if (!Join && Side->preds().size() != 1)
        continue;
      // A stamp per walk: a bit vector per branch cost a function's size.
      ++Epoch;
      Work.assign(1, Side);
      while (!Work.empty()) {
        const CFGBlock *C = Work.pop_back_val();
        if (C == Join || Stamp[C->Number] == Epoch ||
            (!Join && !DT.dominates(Side, C)))
          continue;
        Stamp[C->Number] = Epoch;
        Region.push_back(C);
        for (const CFGBlock *S : C->succs())
          if (Follows(*C, *S))
            Work.push_back(S);
      }
    }
    // Only tcgen05 instructions are asked about: the writes that reach the
    // guard are looked at only where the region holds one.
    if (llvm::any_of(
            Region,
            [&](const CFGBlock *C) { return HasTcgen05.test(C->Number); }) &&
        (K = reachingGuard(Last)) == ValueKind::Uniform)
      continue;
    for (const CFGBlock *C : Region)
      Mark(C);
    // Single-thread: the side only the one thread takes, while no other
    // path enters it.
    if (K != ValueKind::OneLane && K != ValueKind::AllButOneLane)
      continue;
    const CFGBlock *Fall = nullptr, *Taken = nullptr;
    for (const CFGBlock *S : B.succs())
      (S->Number == B.Number + 1 ? Fall : Taken) = S;
    const CFGBlock *Start = K == ValueKind::OneLane ? Taken : Fall;
    if (!Start || Start->preds().size() != 1 || !Fall || !Taken)
      continue;
    forEachDominated(Start,
                     [&](const CFGBlock *C) { SingleThread.set(C->Number); });
  }
}
