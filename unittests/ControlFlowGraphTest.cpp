#include "KernelGraph.h"

#include "tcgen05/Analysis/Dominators.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/Support/GenericDomTreeConstruction.h"

#include <random>
#include <set>

using namespace tcgen05;

namespace {

struct Graph : KernelGraph {
  using KernelGraph::KernelGraph;
  static std::vector<uint32_t> numbers(llvm::ArrayRef<CFGBlock *> Bs) {
    std::vector<uint32_t> N;
    for (const CFGBlock *B : Bs)
      N.push_back(B->Number);
    return N;
  }
};

using Ns = std::vector<uint32_t>;

} // namespace

TEST(ControlFlowGraphTest, BranchesAndFallThrough) {
  Graph G("mov.b32 %r1, 0;\n"
          "@%p1 bra L1;\n" // bb0 -> bb2, bb1
          "mov.b32 %r2, 1;\n"
          "bra.uni L2;\n"         // bb1 -> bb3
          "L1: mov.b32 %r3, 2;\n" // bb2 -> bb3 (falls through)
          "L2: @%p2 ret;\n"       // bb3 -> bb4 (guarded ret)
          "exit;\n"               // bb4: no successor
          "L3: trap;\n");         // bb5: unreachable
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  EXPECT_EQ(G.G->size(), 7u); // And the empty block after trap.
  EXPECT_EQ(Graph::numbers(G.at("@%p1")->succs()), (Ns{2, 1}));
  EXPECT_EQ(Graph::numbers(G.at("bra.uni")->succs()), (Ns{3}));
  EXPECT_EQ(Graph::numbers(G.at("mov.b32 %r3")->succs()), (Ns{3}));
  EXPECT_EQ(Graph::numbers(G.at("@%p2")->succs()), (Ns{4}));
  EXPECT_TRUE(G.at("exit")->succs().empty());
  EXPECT_TRUE(G.at("trap")->preds().empty());
  EXPECT_EQ(Graph::numbers(G.at("@%p2")->preds()), (Ns{1, 2}));
  EXPECT_TRUE(G.G->unmodelled().empty());
}

TEST(ControlFlowGraphTest, LabelsOfEveryShapeAreTargets) {
  // Numbered labels with short and long prefixes (the function's names
  // keep prefixes of up to eight bytes by number, longer ones whole), a
  // label whose number has a leading zero, and one no branch names.
  Graph G("@%p1 bra $L__BB0_7;\n"
          "@%p2 bra $L__BB123_4;\n"
          "@%p0 bra L_07;\n"
          "bra.uni skip;\n"
          "$L__BB0_7: mov.b32 %r1, 1;\n"
          "$L__BB123_4: mov.b32 %r2, 2;\n"
          "L_07: mov.b32 %r3, 3;\n"
          "unused: mov.b32 %r4, 4;\n"
          "skip: ret;\n");
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  EXPECT_EQ(Graph::numbers(G.at("@%p1")->succs()),
            (Ns{G.at("mov.b32 %r1")->Number, G.at("@%p2")->Number}));
  EXPECT_EQ(Graph::numbers(G.at("@%p2")->succs()),
            (Ns{G.at("mov.b32 %r2")->Number, G.at("@%p0")->Number}));
  EXPECT_EQ(Graph::numbers(G.at("@%p0")->succs()),
            (Ns{G.at("mov.b32 %r3")->Number, G.at("bra.uni")->Number}));
  EXPECT_EQ(Graph::numbers(G.at("bra.uni")->succs()),
            (Ns{G.at("ret")->Number}));
  EXPECT_EQ(Graph::numbers(G.at("mov.b32 %r4")->preds()),
            (Ns{G.at("mov.b32 %r3")->Number}));
  EXPECT_TRUE(G.G->unmodelled().empty());
}

TEST(ControlFlowGraphTest, ScopedLabels) {
  // Each scope's DONE is its own; the outer DONE is reached only from
  // outside the scopes.
  Graph G("{\nW: @%p1 bra DONE;\nbra W;\nDONE:\n}\n"
          "mov.b32 %r1, 1;\n"
          "{\nW: @%p2 bra DONE;\nbra W;\nDONE:\n}\n"
          "mov.b32 %r2, 2;\n"
          "bra DONE;\n"
          "mov.b32 %r3, 3;\n"
          "DONE: ret;\n");
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  CFGBlock *First = G.at("@%p1"), *Second = G.at("@%p2");
  CFGBlock *AfterFirst = G.at("mov.b32 %r1");
  CFGBlock *AfterSecond = G.at("mov.b32 %r2");
  EXPECT_EQ(Graph::numbers(First->succs()),
            (Ns{AfterFirst->Number, First->Number + 1}));
  EXPECT_EQ(Graph::numbers(Second->succs()),
            (Ns{AfterSecond->Number, Second->Number + 1}));
  // bra W goes back to its own scope's W.
  EXPECT_EQ(Graph::numbers(G.G->block(First->Number + 1).succs()),
            (Ns{First->Number}));
  EXPECT_EQ(Graph::numbers(AfterSecond->succs()), (Ns{G.at("ret")->Number}));
  EXPECT_TRUE(G.at("mov.b32 %r3")->preds().empty());
}

TEST(ControlFlowGraphTest, BranchTargetsAndUnmodelled) {
  Graph G("ts: .branchtargets A, B;\n"
          "brx.idx %r1, ts;\n"
          "A: ret;\n"
          "B: ret;\n"
          "C: bra NOWHERE;\n"
          "call (%r2), %rd1, (%r3);\n"
          "call (%r2), f, (%r3);\n");
  CFGBlock *Brx = G.at("brx.idx");
  CFGBlock *A = G.at("ret");
  EXPECT_EQ(Graph::numbers(Brx->succs()), (Ns{A->Number, A->Number + 1}));
  ASSERT_EQ(G.G->unmodelled().size(), 2u);
  EXPECT_EQ(G.G->unmodelled()[0].Kind, UnmodelledConstruct::IndirectCall);
  EXPECT_EQ(G.G->unmodelled()[1].Kind, UnmodelledConstruct::UnresolvedTarget);
  ASSERT_EQ(G.G->calls().size(), 2u);
  EXPECT_EQ(G.G->calls()[0].Callee, "");
  EXPECT_EQ(G.G->calls()[1].Callee, "f");
}

TEST(ControlFlowGraphTest, Dominators) {
  // bb0 -> {bb1, bb2} -> bb3 (a diamond), bb3 loops to itself via bb4.
  Graph G("@%p1 bra L1;\n"
          "mov.b32 %r1, 1;\n"
          "bra L2;\n"
          "L1: mov.b32 %r1, 2;\n"
          "L2: mov.b32 %r2, 3;\n"
          "L3: add.s32 %r2, %r2, 1;\n"
          "@%p2 bra L3;\n"
          "ret;\n");
  DominatorTree DT(*G.G);
  PostDominatorTree PDT(*G.G);
  CFGBlock *Entry = G.at("@%p1"), *Then = G.at("mov.b32 %r1, 1"),
           *Else = G.at("mov.b32 %r1, 2"), *Join = G.at("mov.b32 %r2"),
           *Loop = G.at("add.s32"), *Exit = G.at("ret");
  EXPECT_TRUE(DT.dominates(Entry, Join));
  EXPECT_FALSE(DT.dominates(Then, Join));
  EXPECT_EQ(DT.idom(Join), Entry);
  EXPECT_EQ(DT.idom(Entry), nullptr);
  EXPECT_TRUE(DT.dominates(Join, Loop));
  EXPECT_TRUE(DT.dominates(Loop, Exit));
  EXPECT_TRUE(PDT.dominates(Join, Entry));
  EXPECT_TRUE(PDT.dominates(Exit, Loop));
  EXPECT_FALSE(PDT.dominates(Then, Entry));
  EXPECT_EQ(PDT.ipdom(Entry), Join);
  EXPECT_EQ(PDT.ipdom(Exit), nullptr);
  (void)Else;
}

TEST(ControlFlowGraphTest, IrreducibleLoopIsOneSCC) {
  // Two entries into the cycle A <-> B: no header dominates the other.
  Graph G("@%p1 bra B;\n"
          "A: mov.b32 %r1, 1;\n"
          "@%p2 bra B;\n"
          "ret;\n"
          "B: mov.b32 %r2, 2;\n"
          "bra A;\n");
  DominatorTree DT(*G.G);
  CFGBlock *A = G.at("mov.b32 %r1"), *B = G.at("mov.b32 %r2");
  EXPECT_FALSE(DT.dominates(A, B));
  EXPECT_FALSE(DT.dominates(B, A));
  bool Found = false;
  for (auto I = llvm::scc_begin(G.G.get()); !I.isAtEnd(); ++I)
    if (I->size() > 1) {
      Found = true;
      EXPECT_TRUE(llvm::is_contained(*I, A) && llvm::is_contained(*I, B));
    }
  EXPECT_TRUE(Found);
}

// The graph's own trees against LLVM's generic ones, on random bodies:
// branches forward and back, unreachable blocks, endless loops (where the
// post-dominator tree is LLVM's own).
TEST(ControlFlowGraphTest, DominatorTreesAgreeWithLLVMs) {
  std::mt19937 Rng(20261127);
  unsigned WithoutEndlessLoops = 0;
  for (int Round = 0; Round < 300; ++Round) {
    unsigned N = 2 + Rng() % 24;
    std::string Body;
    for (unsigned K = 0; K < N; ++K) {
      Body += "L" + std::to_string(K) + ": mov.b32 %r1, " + std::to_string(K) +
              ";\n";
      switch (Rng() % 6) {
      case 0:
        Body += "@%p1 bra L" + std::to_string(Rng() % N) + ";\n";
        break;
      case 1:
        Body += "bra L" + std::to_string(Rng() % N) + ";\n";
        break;
      case 2:
        Body += "@%p2 bra L" + std::to_string(Rng() % N) + ";\nbra L" +
                std::to_string(Rng() % N) + ";\n";
        break;
      case 3:
        Body += "@%p1 ret;\n";
        break;
      case 4:
        Body += "@%p1 exit;\n";
        break;
      default:
        break;
      }
    }
    Body += "ret;\n";
    Graph G(Body);
    DominatorTree DT(*G.G);
    PostDominatorTree PDT(*G.G);
    llvm::DominatorTreeBase<CFGBlock, false> Ref;
    Ref.recalculate(*G.G);
    llvm::DominatorTreeBase<CFGBlock, true> PostRef;
    PostRef.recalculate(*G.G);
    bool AllReachExit = true;
    for (CFGBlock &A : *G.G) {
      ASSERT_EQ(DT.isReachableFromEntry(&A), Ref.isReachableFromEntry(&A))
          << Body;
      auto *RefNode = Ref.getNode(&A);
      const CFGBlock *RefIdom = RefNode && RefNode->getIDom()
                                    ? RefNode->getIDom()->getBlock()
                                    : nullptr;
      EXPECT_EQ(DT.idom(&A), RefIdom) << Body;
      auto *PostNode = PostRef.getNode(&A);
      const CFGBlock *RefIpdom = PostNode && PostNode->getIDom()
                                     ? PostNode->getIDom()->getBlock()
                                     : nullptr;
      EXPECT_EQ(PDT.ipdom(&A), RefIpdom) << Body;
      std::set<const CFGBlock *> Sub, RefSub;
      DT.forEachDominated(&A, [&](const CFGBlock *C) { Sub.insert(C); });
      for (CFGBlock &B : *G.G) {
        EXPECT_EQ(DT.dominates(&A, &B), Ref.dominates(&A, &B)) << Body;
        EXPECT_EQ(PDT.dominates(&A, &B), PostRef.dominates(&A, &B)) << Body;
        if (RefNode && Ref.isReachableFromEntry(&B) && Ref.dominates(&A, &B))
          RefSub.insert(&B);
      }
      EXPECT_EQ(Sub, RefSub) << Body;
      // A block whose post-dominator chain does not end at the virtual
      // exit's children lies in or before an endless loop.
      const CFGBlock *Up = &A;
      while (const CFGBlock *Next = PostRef.getNode(Up)->getIDom()->getBlock())
        Up = Next;
      AllReachExit &= Up->succs().empty();
    }
    WithoutEndlessLoops += AllReachExit;
    // The tree of our own is the one that served a body whose every block
    // reaches an exit: the comparisons above were of it.
    EXPECT_EQ(PDT.usesLLVMTree(), !AllReachExit) << Body;
  }
  // Both of the post-dominator tree's ways are exercised.
  EXPECT_GT(WithoutEndlessLoops, 50u);
  EXPECT_LT(WithoutEndlessLoops, 250u);
}
