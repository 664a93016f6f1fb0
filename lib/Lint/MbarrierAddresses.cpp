//===- MbarrierAddresses.cpp - Which mbarrier an address names -----------===//

#include "MbarrierAddresses.h"

#include "llvm/ADT/bit.h"

using namespace tcgen05;

std::optional<Targets> AddressResolver::of(const Operand &O, uint32_t At,
                                           unsigned Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  switch (O.Kind) {
  case OperandKind::Address: {
    llvm::ArrayRef<Operand> Kids = C.F.operands(O.children());
    if (Kids.size() != 1)
      return std::nullopt;
    return of(Kids[0], At, Depth + 1);
  }
  case OperandKind::Symbol:
    // A register declared without a '%' (remAddr32 in inline asm) is
    // written; a variable is not.
    if (Regs.of(O) == RegisterNumbering::None)
      return Targets{{*Symbols.insert(O.text()).first, 0, false}};
    [[fallthrough]];
  case OperandKind::Register:
    return targetsOf(Regs.of(O), At, Depth);
  case OperandKind::Binary: {
    if (O.Op != '+' && O.Op != '-')
      return std::nullopt;
    llvm::ArrayRef<Operand> Kids = C.F.operands(O.children());
    if (Kids.size() != 2)
      return std::nullopt;
    return offset(of(Kids[0], At, Depth + 1), values(Kids[1], At), O.Op == '-');
  }
  default:
    return std::nullopt;
  }
}

std::optional<uint32_t> AddressResolver::mapaOf(const Operand &O, uint32_t At,
                                                unsigned Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  switch (O.Kind) {
  case OperandKind::Address:
  case OperandKind::Binary:
    for (const Operand &Kid : C.F.operands(O.children()))
      if (std::optional<uint32_t> M = mapaOf(Kid, At, Depth + 1))
        return M;
    return std::nullopt;
  default:
    break;
  }
  uint32_t Reg, Key;
  llvm::ArrayRef<uint32_t> Writers;
  if (!writersOf(O, At, Reg, Key, Writers))
    return std::nullopt;
  auto [It, New] = MapaOf.try_emplace({Reg, Key}, NoMapa);
  if (!New)
    return It->second == NoMapa ? std::nullopt
                                : std::optional<uint32_t>(It->second);
  uint32_t Found = NoMapa;
  for (uint32_t W : Writers)
    if (std::optional<uint32_t> M = mapaWritten(W, Depth + 1)) {
      Found = *M;
      break;
    }
  MapaOf[{Reg, Key}] = Found;
  return Found == NoMapa ? std::nullopt : std::optional<uint32_t>(Found);
}

bool AddressResolver::isOwnRank(const Operand &O, uint32_t At,
                                unsigned Depth) const {
  if (O.text() == "%cluster_ctarank")
    return true;
  uint32_t Reg, Key;
  llvm::ArrayRef<uint32_t> Writers;
  if (Depth > MaxDepth || !writersOf(O, At, Reg, Key, Writers) ||
      Writers.empty())
    return false;
  return llvm::all_of(Writers, [&](uint32_t W) {
    const Instruction &I = C.F.Instructions[W];
    llvm::ArrayRef<Operand> Ops = C.F.operands(I.Operands);
    return (I.op() == Opcode::Mov || I.op() == Opcode::Cvt) &&
           Ops.size() == 2 && isOwnRank(Ops[1], W, Depth + 1);
  });
}

std::optional<uint32_t> AddressResolver::mapaWritten(uint32_t W,
                                                     unsigned Depth) {
  const Instruction &I = C.F.Instructions[W];
  llvm::ArrayRef<Operand> Ops = C.F.operands(I.Operands);
  switch (I.op()) {
  case Opcode::Mapa:
    // Into the CTA's own rank, the address stays the CTA's.
    if (Ops.size() == 3 && isOwnRank(Ops[2], W, Depth))
      return std::nullopt;
    return W;
  case Opcode::Mov:
  case Opcode::Cvta:
  case Opcode::Cvt:
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Selp:
    // Every source but a selp's predicate may carry the address.
    for (size_t K = 1; K < Ops.size() && !(I.op() == Opcode::Selp && K == 3);
         ++K)
      if (std::optional<uint32_t> M = mapaOf(Ops[K], W, Depth))
        return M;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<SymbolicAddress>
AddressResolver::symbolic(const Operand &O, uint32_t At, unsigned Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  llvm::ArrayRef<Operand> Kids = C.F.operands(O.children());
  switch (O.Kind) {
  case OperandKind::Address:
    if (Kids.size() != 1)
      return std::nullopt;
    return symbolic(Kids[0], At, Depth + 1);
  case OperandKind::Binary: {
    std::optional<int64_t> K;
    if ((O.Op != '+' && O.Op != '-') || Kids.size() != 2 ||
        !(K = constant(Kids[1], At)))
      return std::nullopt;
    std::optional<SymbolicAddress> A = symbolic(Kids[0], At, Depth + 1);
    if (A)
      A->Offset += O.Op == '-' ? -*K : *K;
    return A;
  }
  case OperandKind::Symbol:
    if (Regs.of(O) == RegisterNumbering::None)
      return SymbolicAddress{
          RegisterNumbering::None, *Symbols.insert(O.text()).first, {}, 0};
    break;
  default:
    break;
  }
  uint32_t Reg, Key;
  llvm::ArrayRef<uint32_t> Writers;
  if (!writersOf(O, At, Reg, Key, Writers) || Writers.empty())
    return std::nullopt;
  if (Writers.size() == 1) {
    uint32_t W = Writers.front();
    const Instruction &I = C.F.Instructions[W];
    llvm::ArrayRef<Operand> Ops = C.F.operands(I.Operands);
    std::optional<SymbolicAddress> Base;
    std::optional<int64_t> K;
    if (I.op() == Opcode::Mov && Ops.size() == 2)
      Base = symbolic(Ops[1], W, Depth + 1), K = 0;
    else if ((I.op() == Opcode::Add || I.op() == Opcode::Sub) &&
             Ops.size() == 3 && (K = constant(Ops[2], W)))
      Base = symbolic(Ops[1], W, Depth + 1);
    if (Base && K) {
      Base->Offset += I.op() == Opcode::Sub ? -*K : *K;
      return Base;
    }
  }
  return SymbolicAddress{
      Reg,
      {},
      llvm::SmallVector<uint32_t, 2>(Writers.begin(), Writers.end()),
      0};
}

std::optional<Values> AddressResolver::values(const Operand &O, uint32_t At) {
  Approx.clear();
  for (unsigned Pass = 0; Pass < MaxValues + 2; ++Pass) {
    Done.clear();
    Cycle = Grew = false;
    std::optional<Values> V = valuesRec(O, At, 0);
    if (!Cycle || !Grew) {
      // Every register this pass evaluated has its final values.
      for (auto &[Id, Vs] : Approx)
        Final.try_emplace(Id, Vs);
      return V;
    }
  }
  return std::nullopt;
}

std::optional<int64_t> AddressResolver::single(const std::optional<Values> &V) {
  if (!V || V->size() != 1)
    return std::nullopt;
  return V->front();
}

std::optional<Values> AddressResolver::valuesRec(const Operand &O, uint32_t At,
                                                 unsigned Depth) {
  if (O.Kind == OperandKind::Integer && !O.Overflow)
    return Values{static_cast<int64_t>(O.value())};
  if (O.Kind == OperandKind::Unary && O.Op == '-') {
    llvm::ArrayRef<Operand> Kids = C.F.operands(O.children());
    std::optional<Values> V;
    if (Kids.size() == 1 && (V = valuesRec(Kids[0], At, Depth + 1)))
      for (int64_t &X : *V)
        X = -X;
    return V;
  }
  if ((O.Kind != OperandKind::Register && O.Kind != OperandKind::Symbol) ||
      Depth > MaxDepth)
    return std::nullopt;
  return valuesOf(Regs.of(O), At, Depth);
}

std::optional<Targets> AddressResolver::offset(std::optional<Targets> T,
                                               std::optional<Values> By,
                                               bool Negate) {
  if (!T || !By || T->size() * By->size() > MaxTargets)
    return std::nullopt;
  Targets Out;
  for (const Target &X : *T)
    for (int64_t K : *By)
      Out.push_back({X.Symbol, X.Offset + (Negate ? -K : K), X.Remote});
  return Out;
}

bool AddressResolver::writersOf(const Operand &O, uint32_t At, uint32_t &Reg,
                                uint32_t &Key,
                                llvm::ArrayRef<uint32_t> &Writers) const {
  if (O.Kind != OperandKind::Register && O.Kind != OperandKind::Symbol)
    return false;
  Reg = Regs.of(O);
  if (Reg == RegisterNumbering::None)
    return false;
  Writers = reaching(Reg, At, Key);
  return true;
}

llvm::ArrayRef<uint32_t> AddressResolver::reaching(uint32_t Reg, uint32_t At,
                                                   uint32_t &Key) const {
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
  Key = ~0u;
  if (Writers.empty())
    return Writers;
  const CFGBlock &Own = C.G.blockOf(At);
  const auto *Before = llvm::lower_bound(Writers, At);
  if (Before != Writers.begin() && *std::prev(Before) >= Own.FirstInst) {
    uint32_t W = *std::prev(Before);
    const Instruction &IW = C.F.Instructions[W], &IA = C.F.Instructions[At];
    if (!IW.guarded() ||
        (IA.guarded() && IW.pred().Negated == IA.pred().Negated &&
         IW.pred().Reg.text() == IA.pred().Reg.text() &&
         noWriterBetween(Regs.guardOf(W), W, At))) {
      Key = W;
      return llvm::ArrayRef<uint32_t>(&*std::prev(Before), 1);
    }
  }
  // The writers on the paths back from At to the last unguarded writer of
  // each (a guarded one may not have written, so the walk goes past it).
  Key = ReachingKey | At;
  auto [It, New] = Reaching.try_emplace({Reg, At});
  std::vector<uint32_t> &Out = It->second;
  if (!New)
    return Out;
  // Adds the writers of block B before End, latest first; true when an
  // unguarded one ends the path.
  auto Scan = [&](const CFGBlock &B, uint32_t End) {
    for (const auto *W = llvm::lower_bound(Writers, End);
         W != Writers.begin() && *std::prev(W) >= B.FirstInst; --W) {
      Out.push_back(*std::prev(W));
      if (!C.F.Instructions[*std::prev(W)].guarded())
        return true;
    }
    return false;
  };
  llvm::BitVector Seen(C.G.size());
  llvm::SmallVector<const CFGBlock *, 16> Work;
  if (!Scan(Own, At))
    Work.append(Own.preds().begin(), Own.preds().end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (Seen.test(B->Number))
      continue;
    Seen.set(B->Number);
    if (!Scan(*B, B->EndInst))
      Work.append(B->preds().begin(), B->preds().end());
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

bool AddressResolver::noWriterBetween(uint32_t Reg, uint32_t From,
                                      uint32_t To) const {
  if (Reg == RegisterNumbering::None)
    return false;
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
  const auto *It = llvm::upper_bound(Writers, From);
  return It == Writers.end() || *It >= To;
}

std::optional<Targets> AddressResolver::targetsOf(uint32_t Reg, uint32_t At,
                                                  unsigned Depth) {
  if (Reg == RegisterNumbering::None)
    return std::nullopt;
  uint32_t Key;
  llvm::ArrayRef<uint32_t> Writers = reaching(Reg, At, Key);
  auto [It, New] = KnownTargets.try_emplace({Reg, Key});
  if (!New)
    return It->second; // Also a register being resolved: a cycle.
  std::optional<Targets> All;
  if (!Writers.empty() && Writers.size() <= MaxWriters) {
    All.emplace();
    for (uint32_t W : Writers) {
      std::optional<Targets> One = targetsWritten(W, Depth + 1);
      if (!One || All->size() + One->size() > MaxTargets) {
        All.reset();
        break;
      }
      All->append(One->begin(), One->end());
    }
  }
  KnownTargets[{Reg, Key}] = All;
  return All;
}

std::optional<Targets> AddressResolver::targetsWritten(uint32_t W,
                                                       unsigned Depth) {
  const Instruction &I = C.F.Instructions[W];
  llvm::ArrayRef<Operand> Ops = C.F.operands(I.Operands);
  switch (I.op()) {
  case Opcode::Mov:
  case Opcode::Cvta:
  case Opcode::Cvt:
    if (Ops.size() != 2)
      return std::nullopt;
    return of(Ops[1], W, Depth);
  case Opcode::Mapa: {
    if (Ops.size() != 3)
      return std::nullopt;
    std::optional<Targets> T = of(Ops[1], W, Depth);
    if (T)
      for (Target &X : *T)
        X.Remote = true;
    return T;
  }
  case Opcode::Selp: {
    if (Ops.size() != 4)
      return std::nullopt;
    std::optional<Targets> A = of(Ops[1], W, Depth), B = of(Ops[2], W, Depth);
    if (!A || !B || A->size() + B->size() > MaxTargets)
      return std::nullopt;
    A->append(B->begin(), B->end());
    return A;
  }
  case Opcode::And: {
    // A mask that clears the bits above a CTA's shared memory, or below
    // an mbarrier's alignment (CUTLASS's peer bit mask), names the object
    // at the same offset, in some CTA of the cluster.
    std::optional<int64_t> Mask;
    if (Ops.size() != 3 || !(Mask = single(values(Ops[2], W))) ||
        (~uint64_t(*Mask) & 0x00FFFFF8u))
      return std::nullopt;
    std::optional<Targets> T = of(Ops[1], W, Depth);
    if (T)
      for (Target &X : *T)
        X.Remote = true;
    return T;
  }
  case Opcode::Add:
  case Opcode::Sub: {
    if (Ops.size() != 3)
      return std::nullopt;
    bool Sub = I.op() == Opcode::Sub;
    // The address is the operand that is not a plain number.
    if (std::optional<Targets> T = of(Ops[1], W, Depth))
      return offset(T, values(Ops[2], W), Sub);
    if (!Sub)
      return offset(of(Ops[2], W, Depth), values(Ops[1], W), false);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

std::optional<Values> AddressResolver::valuesOf(uint32_t Reg, uint32_t At,
                                                unsigned Depth) {
  if (Reg == RegisterNumbering::None)
    return std::nullopt;
  uint32_t Key;
  llvm::ArrayRef<uint32_t> Writers = reaching(Reg, At, Key);
  std::pair<uint32_t, uint32_t> Id{Reg, Key};
  if (auto It = Final.find(Id); It != Final.end())
    return It->second;
  if (auto It = Done.find(Id); It != Done.end())
    return It->second;
  if (!Visiting.insert(Id).second) {
    Cycle = true;
    auto It = Approx.find(Id);
    return It == Approx.end() ? std::optional<Values>(Values()) : It->second;
  }
  std::optional<Values> All;
  if (!Writers.empty() && Writers.size() <= MaxWriters) {
    All.emplace();
    for (uint32_t W : Writers) {
      std::optional<Values> One = valuesWritten(W, Depth + 1);
      if (!One) {
        All.reset();
        break;
      }
      for (int64_t X : *One)
        addUnique(*All, X);
      if (All->size() > MaxValues) {
        All.reset();
        break;
      }
    }
  }
  Visiting.erase(Id);
  if (All)
    llvm::sort(*All);
  Done[Id] = All;
  auto [It, New] = Approx.try_emplace(Id, All);
  if (New || It->second != All) {
    It->second = All;
    Grew = true;
  }
  return All;
}

std::optional<std::pair<bool, int64_t>>
AddressResolver::comparison(const Operand &P, uint32_t At, unsigned Depth) {
  uint32_t Reg = Regs.of(P), Key;
  if (Reg == RegisterNumbering::None)
    return std::nullopt;
  llvm::ArrayRef<uint32_t> Writers = reaching(Reg, At, Key);
  if (Writers.size() != 1)
    return std::nullopt;
  uint32_t Wp = Writers.front();
  const Instruction &S = C.F.Instructions[Wp];
  llvm::ArrayRef<Operand> Ops = C.F.operands(S.Operands);
  if (S.op() != Opcode::Setp || S.guarded() || Ops.size() != 3)
    return std::nullopt;
  llvm::ArrayRef<Span> Quals = C.F.qualifiers(S.Qualifiers);
  if (Quals.empty() || (Quals[0].text() != ".eq" && Quals[0].text() != ".ne"))
    return std::nullopt;
  std::optional<int64_t> K = single(valuesRec(Ops[2], Wp, Depth));
  uint32_t Y = Regs.of(Ops[1]);
  if (!K || Y == RegisterNumbering::None || Regs.writers(Y).size() != 1)
    return std::nullopt;
  if (Key == ~0u) {
    const CFGBlock &PB = C.G.blockOf(Wp), &AB = C.G.blockOf(At);
    if (&PB == &AB ? Wp > At : !C.DT.dominates(&PB, &AB))
      return std::nullopt;
    bool Stale = false;
    C.walkAfter(Regs.writers(Y).front(), [&](uint32_t I) {
      Stale |= I == At;
      return !Stale && I != Wp;
    });
    if (Stale)
      return std::nullopt;
  } else if (!noWriterBetween(Y, Wp, At)) {
    return std::nullopt;
  }
  Compared = Y;
  return std::make_pair(Quals[0].text() == ".eq", *K);
}

bool AddressResolver::sameValue(const Operand &V) const {
  return Compared != RegisterNumbering::None && Regs.of(V) == Compared;
}

std::optional<Values> AddressResolver::valuesWritten(uint32_t W,
                                                     unsigned Depth) {
  const Instruction &I = C.F.Instructions[W];
  llvm::ArrayRef<Operand> Ops = C.F.operands(I.Operands);
  auto Two = [&](auto &&Op) -> std::optional<Values> {
    if (Ops.size() != 3)
      return std::nullopt;
    return pairwise(valuesRec(Ops[1], W, Depth), valuesRec(Ops[2], W, Depth),
                    Op);
  };
  switch (I.op()) {
  case Opcode::Mov:
  case Opcode::Cvt:
    if (Ops.size() != 2)
      return std::nullopt;
    return valuesRec(Ops[1], W, Depth);
  case Opcode::Add:
    return Two([](int64_t X, int64_t Y) { return X + Y; });
  case Opcode::Sub:
    return Two([](int64_t X, int64_t Y) { return X - Y; });
  case Opcode::Mul:
    return Two([](int64_t X, int64_t Y) { return X * Y; });
  case Opcode::Shl:
    return Two([](int64_t X, int64_t Y) {
      return Y >= 0 && Y < 32 ? X << Y : int64_t(0);
    });
  case Opcode::Or:
    return Two([](int64_t X, int64_t Y) { return X | Y; });
  case Opcode::Xor:
    return Two([](int64_t X, int64_t Y) { return X ^ Y; });
  case Opcode::And: {
    if (Ops.size() != 3)
      return std::nullopt;
    // A mask of few bits bounds the result whatever it is applied to
    // (a stage counted modulo 4), which also ends a loop's cycle.
    std::optional<int64_t> Mask = single(valuesRec(Ops[2], W, Depth));
    if (Mask && *Mask >= 0 && llvm::popcount(uint64_t(*Mask)) <= 4) {
      Values Out;
      uint64_t M = uint64_t(*Mask);
      for (uint64_t Sub = M;; Sub = (Sub - 1) & M) {
        Out.push_back(int64_t(Sub));
        if (!Sub)
          break;
      }
      return Out;
    }
    return Two([](int64_t X, int64_t Y) { return X & Y; });
  }
  case Opcode::Selp: {
    if (Ops.size() != 4)
      return std::nullopt;
    std::optional<Values> A = valuesRec(Ops[1], W, Depth),
                          B = valuesRec(Ops[2], W, Depth);
    if (!A || !B)
      return std::nullopt;
    // selp d, 0, y, p with p = (y == K): y where it is taken is not K,
    // which bounds a counter that wraps at K.
    if (std::optional<std::pair<bool, int64_t>> Test =
            comparison(Ops[3], W, Depth)) {
      Values &Other = Test->first ? *B : *A;
      const Operand &Y = Test->first ? Ops[2] : Ops[1];
      if (sameValue(Y))
        llvm::erase(Other, Test->second);
    }
    for (int64_t X : *B)
      addUnique(*A, X);
    return A;
  }
  default:
    return std::nullopt;
  }
}
