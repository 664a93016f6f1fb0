//===- ControlFlowGraph.h - Basic blocks of one function body ----*- C++
//-*-===//
//
// The control-flow graph of one parsed function body: basic blocks as
// ranges of its instructions, with edges for branches (bra, bra.uni,
// brx.idx through its .branchtargets list), fall-through, and none after
// ret, exit and trap unless guarded.  Labels are resolved as the declaration
// checker resolves them: in the innermost enclosing '{ }' scope first, so
// the LAB_WAIT/DONE labels that every inline-asm block of a kernel repeats
// each reach their own block.  Inline-asm blocks are part of the enclosing
// function; calls are recorded as call sites naming their callee.
// Predicated non-branch instructions stay in their block with their guard:
// analyses read it from the instruction.
//
// The GraphTraits below make the graph usable with LLVM's generic graph
// algorithms (post-order, SCCs, dominator trees; see Dominators.h).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_CONTROLFLOWGRAPH_H
#define TCGEN05_ANALYSIS_CONTROLFLOWGRAPH_H

#include "tcgen05/AST/AST.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/iterator.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace tcgen05 {

class RegisterNames;

class ControlFlowGraph;

struct CFGBlock {
  ControlFlowGraph *Parent = nullptr;
  uint32_t Number = 0;
  /// The block's instructions: [FirstInst, EndInst) of Function::Instructions.
  uint32_t FirstInst = 0, EndInst = 0;

  /// Slices of the graph's one edge array, kept as positions in it: 40
  /// bytes a block, not 56 (-G's kernel has tens of thousands of blocks).
  llvm::ArrayRef<CFGBlock *> succs() const;
  llvm::ArrayRef<CFGBlock *> preds() const;
  ControlFlowGraph *getParent() const { return Parent; }
  bool empty() const { return FirstInst == EndInst; }
  /// For the dominator tree's printer.
  void printAsOperand(llvm::raw_ostream &OS, bool PrintType) const;

private:
  friend class ControlFlowGraph;
  uint32_t SuccBegin = 0, NumSuccs = 0, PredBegin = 0, NumPreds = 0;
};
static_assert(sizeof(CFGBlock) <= 40, "a block's node grew");

/// A call instruction and the function it calls.
struct CallSite {
  uint32_t Inst;
  /// The callee's name; empty for an indirect call through a register.
  llvm::StringRef Callee;
};

/// Something the graph does not model, so analyses over it are incomplete.
struct UnmodelledConstruct {
  enum KindT : uint8_t { UnresolvedTarget, IndirectCall } Kind;
  uint32_t Inst;
};

/// The function a call instruction calls: the first operand that is not a
/// parenthesized list, when it is a name; empty for an indirect call.
llvm::StringRef calledFunction(const Function &F, const Instruction &I);

class ControlFlowGraph {
public:
  /// Builds the graph of F's parsed body, finding jump targets by Names,
  /// F's numbering of names; F must outlive it.
  ControlFlowGraph(const Function &F, const RegisterNames &Names);
  ControlFlowGraph(const ControlFlowGraph &) = delete;
  ControlFlowGraph &operator=(const ControlFlowGraph &) = delete;

  const Function &function() const { return F; }
  size_t size() const { return Blocks.size(); }
  CFGBlock &front() { return Blocks.front(); }
  const CFGBlock &front() const { return Blocks.front(); }
  CFGBlock &block(uint32_t N) { return Blocks[N]; }
  const CFGBlock &block(uint32_t N) const { return Blocks[N]; }
  std::vector<CFGBlock>::iterator begin() { return Blocks.begin(); }
  std::vector<CFGBlock>::iterator end() { return Blocks.end(); }
  std::vector<CFGBlock>::const_iterator begin() const { return Blocks.begin(); }
  std::vector<CFGBlock>::const_iterator end() const { return Blocks.end(); }
  /// The block holding instruction I.
  const CFGBlock &blockOf(uint32_t I) const { return Blocks[InstBlock[I]]; }

  /// The blocks the entry reaches, by number, in reverse post-order.
  llvm::ArrayRef<uint32_t> reversePostOrder() const { return Rpo; }

  llvm::ArrayRef<CallSite> calls() const { return Calls; }
  llvm::ArrayRef<UnmodelledConstruct> unmodelled() const { return Unmodelled; }

private:
  void computeReversePostOrder();

  const Function &F;
  std::vector<CFGBlock> Blocks;
  std::vector<uint32_t> Rpo;
  /// All successor lists, then all predecessor lists; blocks slice them.
  std::vector<CFGBlock *> Edges;
  std::vector<uint32_t> InstBlock;
  std::vector<CallSite> Calls;
  std::vector<UnmodelledConstruct> Unmodelled;

  friend struct CFGBlock;
};

inline llvm::ArrayRef<CFGBlock *> CFGBlock::succs() const {
  return llvm::ArrayRef<CFGBlock *>(Parent->Edges.data() + SuccBegin, NumSuccs);
}
inline llvm::ArrayRef<CFGBlock *> CFGBlock::preds() const {
  return llvm::ArrayRef<CFGBlock *>(Parent->Edges.data() + PredBegin, NumPreds);
}

/// A set of blocks, a bit per block: the external storage for LLVM's
/// depth_first_ext and inverse_depth_first_ext over the graph, so that
/// walks from several roots share one set and leave it as their result.
class CFGBlockSet {
public:
  explicit CFGBlockSet(llvm::BitVector &Bits) : Bits(Bits) {}
  std::pair<std::nullopt_t, bool> insert(const CFGBlock *B) {
    bool New = !Bits.test(B->Number);
    Bits.set(B->Number);
    return {std::nullopt, New};
  }
  bool contains(const CFGBlock *B) const { return Bits.test(B->Number); }
  void completed(const CFGBlock *) {}

private:
  llvm::BitVector &Bits;
};

} // namespace tcgen05

namespace llvm {

template <> struct GraphTraits<tcgen05::CFGBlock *> {
  using NodeRef = tcgen05::CFGBlock *;
  using ChildIteratorType = tcgen05::CFGBlock *const *;
  static NodeRef getEntryNode(NodeRef N) { return N; }
  static ChildIteratorType child_begin(NodeRef N) { return N->succs().begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->succs().end(); }
  static unsigned getNumber(const tcgen05::CFGBlock *N) { return N->Number; }
};

template <> struct GraphTraits<const tcgen05::CFGBlock *> {
  using NodeRef = const tcgen05::CFGBlock *;
  using ChildIteratorType = tcgen05::CFGBlock *const *;
  static NodeRef getEntryNode(NodeRef N) { return N; }
  static ChildIteratorType child_begin(NodeRef N) { return N->succs().begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->succs().end(); }
  static unsigned getNumber(const tcgen05::CFGBlock *N) { return N->Number; }
};

template <> struct GraphTraits<Inverse<tcgen05::CFGBlock *>> {
  using NodeRef = tcgen05::CFGBlock *;
  using ChildIteratorType = tcgen05::CFGBlock *const *;
  static NodeRef getEntryNode(Inverse<NodeRef> N) { return N.Graph; }
  static ChildIteratorType child_begin(NodeRef N) { return N->preds().begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->preds().end(); }
  static unsigned getNumber(const tcgen05::CFGBlock *N) { return N->Number; }
};

template <> struct GraphTraits<Inverse<const tcgen05::CFGBlock *>> {
  using NodeRef = const tcgen05::CFGBlock *;
  using ChildIteratorType = tcgen05::CFGBlock *const *;
  static NodeRef getEntryNode(Inverse<NodeRef> N) { return N.Graph; }
  static ChildIteratorType child_begin(NodeRef N) { return N->preds().begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->preds().end(); }
  static unsigned getNumber(const tcgen05::CFGBlock *N) { return N->Number; }
};

template <>
struct GraphTraits<tcgen05::ControlFlowGraph *>
    : GraphTraits<tcgen05::CFGBlock *> {
  using nodes_iterator =
      pointer_iterator<std::vector<tcgen05::CFGBlock>::iterator>;
  static NodeRef getEntryNode(tcgen05::ControlFlowGraph *G) {
    return &G->front();
  }
  static nodes_iterator nodes_begin(tcgen05::ControlFlowGraph *G) {
    return nodes_iterator(G->begin());
  }
  static nodes_iterator nodes_end(tcgen05::ControlFlowGraph *G) {
    return nodes_iterator(G->end());
  }
  static unsigned size(tcgen05::ControlFlowGraph *G) { return G->size(); }
  static unsigned getMaxNumber(tcgen05::ControlFlowGraph *G) {
    return G->size();
  }
  /// Blocks are never renumbered.
  static unsigned getNumberEpoch(tcgen05::ControlFlowGraph *) { return 0; }
};

template <>
struct GraphTraits<const tcgen05::ControlFlowGraph *>
    : GraphTraits<const tcgen05::CFGBlock *> {
  using nodes_iterator =
      pointer_iterator<std::vector<tcgen05::CFGBlock>::const_iterator>;
  static NodeRef getEntryNode(const tcgen05::ControlFlowGraph *G) {
    return &G->front();
  }
  static nodes_iterator nodes_begin(const tcgen05::ControlFlowGraph *G) {
    return nodes_iterator(G->begin());
  }
  static nodes_iterator nodes_end(const tcgen05::ControlFlowGraph *G) {
    return nodes_iterator(G->end());
  }
  static unsigned size(const tcgen05::ControlFlowGraph *G) { return G->size(); }
};

} // namespace llvm

#endif
