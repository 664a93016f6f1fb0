//===- ControlFlowGraph.cpp - Basic blocks of one function body -----------===//

#include "tcgen05/Analysis/ControlFlowGraph.h"

#include "GraphOrder.h"

#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

llvm::StringRef tcgen05::calledFunction(const Function &F,
                                        const Instruction &I) {
  // call (ret), callee, (args)[, proto]: the callee follows the optional
  // return list.
  for (const Operand &O : F.operands(I.Operands)) {
    if (O.Kind == OperandKind::List)
      continue;
    return O.Kind == OperandKind::Symbol ? O.text() : llvm::StringRef();
  }
  return {};
}

void CFGBlock::printAsOperand(llvm::raw_ostream &OS, bool) const {
  OS << "bb" << Number;
}

namespace {

/// Labels by (scope, name).  A label is visible in its scope and the
/// scopes nested in it, before and after its definition; an inner
/// definition hides an outer one (as in Symbols.cpp).
class ScopedLabels {
public:
  ScopedLabels() : Parent{0}, Open{0} {}
  void open() {
    Parent.push_back(Open.back());
    Open.push_back(static_cast<uint32_t>(Parent.size() - 1));
  }
  void close() {
    if (Open.size() > 1)
      Open.pop_back();
  }
  uint32_t current() const { return Open.back(); }
  void define(uint32_t Name, uint32_t Value) {
    if (Name != RegisterNames::None)
      Map.try_emplace({current(), Name}, Value);
  }
  std::optional<uint32_t> find(uint32_t Scope, uint32_t Name) const {
    for (;; Scope = Parent[Scope]) {
      auto It = Map.find({Scope, Name});
      if (It != Map.end())
        return It->second;
      if (Scope == 0)
        return std::nullopt;
    }
  }

private:
  std::vector<uint32_t> Parent;
  llvm::SmallVector<uint32_t, 8> Open;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint32_t> Map;
};

} // namespace

ControlFlowGraph::ControlFlowGraph(const Function &F,
                                   const RegisterNames &Names)
    : F(F) {
  // Labels by their numbers among the function's names: a jump's target
  // is a number already, and a label is looked up without hashing its
  // name whole (only names with a prefix of more than eight bytes are).  A
  // label no operand names gets None, and nothing can jump to it.
  ScopedLabels Labels;  // label -> block
  ScopedLabels Targets; // label of a .branchtargets list -> statement
  struct Jump {
    uint32_t Inst, Scope;
  };
  std::vector<Jump> Jumps;
  std::vector<uint32_t> TargetScope(F.Statements.size());
  InstBlock.resize(F.Instructions.size());

  Blocks.emplace_back();
  auto StartBlock = [&](uint32_t FirstInst) {
    if (!Blocks.back().empty())
      Blocks.emplace_back();
    Blocks.back().FirstInst = Blocks.back().EndInst = FirstInst;
  };
  uint32_t NextInst = 0;
  const auto &Stmts = F.Statements;
  for (size_t S = 0; S < Stmts.size(); ++S) {
    switch (Stmts[S].Kind) {
    case StmtKind::ScopeBegin:
      Labels.open();
      Targets.open();
      break;
    case StmtKind::ScopeEnd:
      Labels.close();
      Targets.close();
      break;
    case StmtKind::Label: {
      llvm::StringRef Name = F.Labels[Stmts[S].Index].text();
      if (S + 1 < Stmts.size() && Stmts[S + 1].Kind == StmtKind::Directive &&
          F.Directives[Stmts[S + 1].Index].Name.text() == ".branchtargets") {
        Targets.define(Names.lookup(Name), static_cast<uint32_t>(S + 1));
        TargetScope[S + 1] = Targets.current();
        break;
      }
      StartBlock(NextInst);
      Labels.define(Names.lookup(Name),
                    static_cast<uint32_t>(Blocks.size() - 1));
      break;
    }
    case StmtKind::Instruction: {
      uint32_t I = Stmts[S].Index;
      const Instruction &Inst = F.Instructions[I];
      InstBlock[I] = static_cast<uint32_t>(Blocks.size() - 1);
      Blocks.back().EndInst = NextInst = I + 1;
      if (Inst.op() == Opcode::Call) {
        llvm::StringRef Callee = calledFunction(F, Inst);
        Calls.push_back({I, Callee});
        if (Callee.empty())
          Unmodelled.push_back({UnmodelledConstruct::IndirectCall, I});
      }
      if (Inst.is(OpEndsBlock)) {
        if (Inst.is(OpJumps))
          Jumps.push_back({I, Labels.current()});
        StartBlock(NextInst);
      }
      break;
    }
    default:
      break;
    }
  }
  // A trailing empty block stays: a label at the end of the body names it.

  // Successors first, then predecessors, in one edge array.
  std::vector<llvm::SmallVector<uint32_t, 2>> Succ(Blocks.size());
  auto AddEdge = [&](uint32_t From, uint32_t To) {
    if (!llvm::is_contained(Succ[From], To))
      Succ[From].push_back(To);
  };
  auto Unresolved = [&](uint32_t I) {
    Unmodelled.push_back({UnmodelledConstruct::UnresolvedTarget, I});
  };
  // A brx.idx list may name thousands of labels: its targets are told
  // apart by the jump that last added each, not by a search of the edges
  // so far.
  std::vector<uint32_t> AddedBy(Blocks.size(), ~0u);
  for (const Jump &J : Jumps) {
    const Instruction &I = F.Instructions[J.Inst];
    uint32_t From = InstBlock[J.Inst];
    llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
    if (I.op() == Opcode::Bra) {
      std::optional<uint32_t> To;
      if (!Ops.empty() && Ops.back().Kind == OperandKind::Symbol)
        To = Labels.find(J.Scope, Names.of(Ops.back()));
      if (To)
        AddEdge(From, *To);
      else
        Unresolved(J.Inst);
      continue;
    }
    // brx.idx index, list: every label of the .branchtargets list.
    std::optional<uint32_t> List;
    if (Ops.size() == 2 && Ops[1].Kind == OperandKind::Symbol)
      List = Targets.find(J.Scope, Names.of(Ops[1]));
    if (!List) {
      Unresolved(J.Inst);
      continue;
    }
    const DirectiveStmt &D = F.Directives[Stmts[*List].Index];
    for (const Operand &L : F.operands(D.Operands)) {
      std::optional<uint32_t> To;
      if (L.Kind == OperandKind::Symbol)
        To = Labels.find(TargetScope[*List], Names.of(L));
      if (!To) {
        Unresolved(J.Inst);
      } else if (AddedBy[*To] != J.Inst) {
        // The jump ends its block: no edge leaves it before these.
        AddedBy[*To] = J.Inst;
        Succ[From].push_back(*To);
      }
    }
  }
  for (uint32_t B = 0; B < Blocks.size(); ++B) {
    CFGBlock &Blk = Blocks[B];
    Blk.Parent = this;
    Blk.Number = B;
    bool FallsThrough = true;
    if (!Blk.empty()) {
      const Instruction &Last = F.Instructions[Blk.EndInst - 1];
      FallsThrough = !Last.is(OpEndsBlock) || Last.guarded();
    }
    if (FallsThrough && B + 1 < Blocks.size())
      AddEdge(B, B + 1);
  }
  std::vector<uint32_t> NumPreds(Blocks.size());
  size_t NumEdges = 0;
  for (const auto &S : Succ) {
    NumEdges += S.size();
    for (uint32_t To : S)
      ++NumPreds[To];
  }
  Edges.resize(2 * NumEdges);
  CFGBlock **Next = Edges.data();
  for (uint32_t B = 0; B < Blocks.size(); ++B) {
    Blocks[B].SuccBegin = static_cast<uint32_t>(Next - Edges.data());
    Blocks[B].NumSuccs = static_cast<uint32_t>(Succ[B].size());
    for (uint32_t To : Succ[B])
      *Next++ = &Blocks[To];
  }
  // Predecessor lists are filled in block order through a cursor each.
  std::vector<CFGBlock **> Cursor(Blocks.size());
  for (uint32_t B = 0; B < Blocks.size(); ++B) {
    Blocks[B].PredBegin = static_cast<uint32_t>(Next - Edges.data());
    Blocks[B].NumPreds = NumPreds[B];
    Cursor[B] = Next;
    Next += NumPreds[B];
  }
  for (uint32_t B = 0; B < Blocks.size(); ++B)
    for (uint32_t To : Succ[B])
      *Cursor[To]++ = &Blocks[B];
  computeReversePostOrder();
}

void ControlFlowGraph::computeReversePostOrder() {
  // Every dataflow solver of the function starts from it, so it is found
  // once.
  if (Blocks.empty())
    return;
  tcgen05::reversePostOrder(
      Blocks.size(), 0, [&](uint32_t B) { return Blocks[B].succs().size(); },
      [&](uint32_t B, uint32_t K) { return Blocks[B].succs()[K]->Number; },
      Rpo);
}
