//===- Tcgen05RowCasesTest.cpp - Cases generated from the tcgen05 tables
//---===//
//
// Every REQUIRE, NEEDS and EXCLUDES row, and every form's and qualifier's
// target and PTX-version requirement, generates for each form it covers a
// statement that breaks the row and must get the row's code, and a
// neighbour that keeps the row and must not: a row edited without the
// checker (or the checker without the row) fails here, ptxas or not.  The
// differential set (test/ptxas) holds the rows to ptxas's verdicts.
//
//===----------------------------------------------------------------------===//

#include "CheckCodes.h"
#include "Sema/Tcgen05/Rules.h"

#include "tcgen05/AST/Tcgen05Inst.h"
#include "tcgen05/Basic/Target.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace tcgen05;
using namespace tcgen05::rules;

namespace {

using Words = std::vector<std::string>;

/// A valid statement of each form, as its qualifier words; the operands
/// follow from the words (operandsOf).
Words canonicalWords(Form F) {
  switch (F) {
  case Form::Alloc:
  case Form::Dealloc:
    return {".cta_group::1", ".sync", ".aligned", ".b32"};
  case Form::Relinquish:
    return {".cta_group::1", ".sync", ".aligned"};
  case Form::Ld:
  case Form::St:
    return {".sync", ".aligned", ".32x32b", ".x2", ".b32"};
  case Form::LdRed:
    return {".sync", ".aligned", ".32x32b", ".x2", ".min", ".u32"};
  case Form::WaitLd:
  case Form::WaitSt:
    return {".sync", ".aligned"};
  case Form::Cp:
    return {".cta_group::1", ".128x256b"};
  case Form::Shift:
    return {".cta_group::1", ".down"};
  case Form::Mma:
  case Form::MmaSp:
  case Form::MmaWs:
  case Form::MmaWsSp:
    return {".cta_group::1", ".kind::f16"};
  case Form::FenceBefore:
  case Form::FenceAfter:
    return {};
  case Form::Commit:
    return {".cta_group::1", ".mbarrier::arrive::one", ".b64"};
  }
  return {};
}

bool has(const Words &W, llvm::StringRef Word) {
  return std::find(W.begin(), W.end(), Word.str()) != W.end();
}

std::string operandsOf(Form F, const Words &W) {
  bool Split = has(W, ".16x32bx2");
  switch (F) {
  case Form::Alloc:
    return "[%rd1], 32";
  case Form::Dealloc:
    return "%r1, 32";
  case Form::Ld:
    return std::string("{%r1, %r2}, [%r3]") + (Split ? ", 2" : "");
  case Form::LdRed:
    return std::string("{%r1, %r2}, %r4, [%r3]") + (Split ? ", 2" : "");
  case Form::St:
    return std::string("[%r3], ") + (Split ? "2, " : "") + "{%r1, %r2}";
  case Form::Cp:
    return "[%r3], %rd1";
  case Form::Shift:
    return "[%r3]";
  case Form::Mma:
  case Form::MmaSp:
  case Form::MmaWs:
  case Form::MmaWsSp: {
    bool Sparse = F == Form::MmaSp || F == Form::MmaWsSp;
    std::string Ops = "[%r1], ";
    Ops += has(W, ".ashift") ? "[%r6]" : "%rd1";
    Ops += ", %rd2, ";
    if (Sparse)
      Ops += "[%r3], ";
    Ops += "%r2, ";
    if (has(W, ".block_scale"))
      Ops += "[%r4], [%r5], ";
    return Ops + "%p1";
  }
  case Form::Commit:
    return has(W, ".multicast::cluster") ? "[%rd1], %rs1" : "[%rd1]";
  default:
    return "";
  }
}

/// The statement with its words in the manual's order (the printer's), so
/// that an order rule (BEFORE) never decides a case.
std::string statement(Form F, Words W) {
  auto Rank = [](const std::string &Word) {
    std::optional<Tcgen05QualClass> C = tcgen05QualifierClass(Word);
    return C ? classRule(*C).Rank : ~0u;
  };
  std::stable_sort(W.begin(), W.end(),
                   [&](const std::string &A, const std::string &B) {
                     return Rank(A) < Rank(B);
                   });
  std::string S = formInfo(F).Spelling.str();
  for (const std::string &Word : W)
    S += Word;
  std::string Ops = operandsOf(F, W);
  return S + (Ops.empty() ? "" : " " + Ops) + ";";
}

/// Words with Word in, replacing one of its class where the class is not
/// repeatable.
Words with(Words W, llvm::StringRef Word) {
  std::optional<Tcgen05QualClass> C = tcgen05QualifierClass(Word);
  if (C && !classRule(*C).Repeatable)
    W.erase(std::remove_if(W.begin(), W.end(),
                           [&](const std::string &O) {
                             return tcgen05QualifierClass(O) == C;
                           }),
            W.end());
  W.push_back(Word.str());
  return W;
}

Words without(Words W, Tcgen05QualClass C) {
  W.erase(std::remove_if(W.begin(), W.end(),
                         [&](const std::string &O) {
                           return tcgen05QualifierClass(O) == C;
                         }),
          W.end());
  return W;
}

/// The TC3xxx codes a statement gets.
std::set<unsigned> codesOf(const std::string &Inst, const std::string &Target,
                           unsigned Version) {
  return test::checkCodes(
      ".reg .pred %p<2>;\n.reg .b16 %rs<2>;\n.reg .b32 %r<8>;\n"
      ".reg .b64 %rd<4>;\n" +
          Inst,
      Target, formatPTXVersion(Version), 3000, 4000);
}

/// A target and version the form exists on.
struct Home {
  std::string Target;
  unsigned Version;
};
Home homeOf(Form F) {
  // The last PTX version ptxas knows: every form's feature is in it.
  unsigned Latest = knownPTXVersions().back();
  for (const char *T : {"sm_100a", "sm_103a", "sm_110a"}) {
    std::optional<TargetInfo> Info = lookupTarget(T);
    if (Info && targetSetContains(formInfo(F).Targets, *Info, Latest))
      return {T, Latest};
  }
  ADD_FAILURE() << "no home target for " << formInfo(F).Spelling.str();
  return {"sm_100a", Latest};
}

std::vector<Form> formsIn(uint32_t Bits) {
  std::vector<Form> Out;
  for (const FormInfo &F : forms())
    if (Bits & bitOf(F.Id))
      Out.push_back(F.Id);
  return Out;
}

std::string describe(const std::string &Inst, const Home &H) {
  return Inst + " (" + H.Target + ", PTX " + formatPTXVersion(H.Version) + ")";
}

constexpr unsigned Missing = 3107, Needs = 3108, Excludes = 3109;
constexpr unsigned FormTarget = 3101, TargetLacksTcgen05 = 3126,
                   FormVersion = 3102, QualTarget = 3103, QualVersion = 3104;

} // namespace

TEST(Tcgen05RowCasesTest, EveryCanonicalStatementPasses) {
  for (const FormInfo &F : forms()) {
    Home H = homeOf(F.Id);
    std::string S = statement(F.Id, canonicalWords(F.Id));
    EXPECT_EQ(codesOf(S, H.Target, H.Version), std::set<unsigned>{})
        << describe(S, H);
  }
}

TEST(Tcgen05RowCasesTest, EveryRequiredClassIsMissedAlone) {
  for (const RequireRule &R : requireRules())
    for (Form F : formsIn(R.Forms)) {
      Home H = homeOf(F);
      Words Base = canonicalWords(F);
      std::string Kept = statement(F, Base);
      std::string Dropped = statement(F, without(Base, R.Class));
      EXPECT_TRUE(codesOf(Dropped, H.Target, H.Version).count(Missing))
          << describe(Dropped, H);
      EXPECT_FALSE(codesOf(Kept, H.Target, H.Version).count(Missing))
          << describe(Kept, H);
    }
}

TEST(Tcgen05RowCasesTest, EveryNeedsAndExcludesRowFailsAndItsNeighbourDoesNot) {
  for (const ComboRule &R : comboRules()) {
    if (R.Kind != ComboKind::Needs && R.Kind != ComboKind::Excludes)
      continue;
    llvm::SmallVector<llvm::StringRef, 4> Others;
    R.Other.split(Others, '|');
    for (Form F : formsIn(R.Forms)) {
      Home H = homeOf(F);
      Words Base = canonicalWords(F);
      if (R.Kind == ComboKind::Needs) {
        // If without any of Then, and If with each of Then.
        Words Broken = with(Base, R.If);
        for (llvm::StringRef O : Others)
          Broken.erase(std::remove(Broken.begin(), Broken.end(), O.str()),
                       Broken.end());
        std::string Bad = statement(F, Broken);
        EXPECT_TRUE(codesOf(Bad, H.Target, H.Version).count(Needs))
            << describe(Bad, H);
        for (llvm::StringRef O : Others) {
          std::string Good = statement(F, with(with(Base, R.If), O));
          EXPECT_FALSE(codesOf(Good, H.Target, H.Version).count(Needs))
              << describe(Good, H);
        }
      } else {
        // If with each Other, and If alone.
        for (llvm::StringRef O : Others) {
          std::string Bad = statement(F, with(with(Base, R.If), O));
          EXPECT_TRUE(codesOf(Bad, H.Target, H.Version).count(Excludes))
              << describe(Bad, H);
        }
        Words Alone = with(Base, R.If);
        for (llvm::StringRef O : Others)
          Alone.erase(std::remove(Alone.begin(), Alone.end(), O.str()),
                      Alone.end());
        std::string Good = statement(F, Alone);
        EXPECT_FALSE(codesOf(Good, H.Target, H.Version).count(Excludes))
            << describe(Good, H);
      }
    }
  }
}

namespace {

/// A target of the given name list where Outer holds and Inner does not
/// (Inside: where both hold), at Version.
std::optional<std::string> targetWhere(TargetSetId Outer, TargetSetId Inner,
                                       bool Inside, unsigned Version) {
  for (const char *T : {"sm_100a", "sm_100f", "sm_101a", "sm_103a", "sm_103f",
                        "sm_110a", "sm_110f", "sm_120a", "sm_90a", "sm_80"}) {
    std::optional<TargetInfo> Info = lookupTarget(T);
    if (!Info || Version < Info->MinPTX)
      continue;
    if (targetSetContains(Outer, *Info, Version) &&
        targetSetContains(Inner, *Info, Version) == Inside)
      return std::string(T);
  }
  return std::nullopt;
}

} // namespace

TEST(Tcgen05RowCasesTest, EveryFormTargetAndVersion) {
  unsigned Latest = knownPTXVersions().back();
  for (const FormInfo &F : forms()) {
    std::string S = statement(F.Id, canonicalWords(F.Id));
    // A target outside the form's set, and one inside.
    std::optional<std::string> Out =
        targetWhere(TargetSetId::Any, F.Targets, false, Latest);
    std::optional<std::string> In =
        targetWhere(TargetSetId::Any, F.Targets, true, Latest);
    ASSERT_TRUE(Out && In) << F.Spelling.str();
    // A target without any tcgen05 is one error at its .target (TC3126).
    std::set<unsigned> OutCodes = codesOf(S, *Out, Latest);
    bool NoTcgen05 =
        !targetSetContains(TargetSetId::Tcgen05, *lookupTarget(*Out), Latest);
    EXPECT_TRUE(OutCodes.count(NoTcgen05 ? TargetLacksTcgen05 : FormTarget))
        << describe(S, {*Out, Latest});
    EXPECT_FALSE(codesOf(S, *In, Latest).count(FormTarget))
        << describe(S, {*In, Latest});
    // The version before the form's, where the target knows it.
    for (const char *T : {"sm_100a", "sm_103a"}) {
      std::optional<TargetInfo> Info = lookupTarget(T);
      if (!targetSetContains(F.Targets, *Info, Latest) ||
          F.MinPTX <= Info->MinPTX)
        continue;
      unsigned Before = 0;
      for (unsigned V : knownPTXVersions())
        if (V < F.MinPTX)
          Before = V;
      EXPECT_TRUE(codesOf(S, T, Before).count(FormVersion))
          << describe(S, {T, Before});
      EXPECT_FALSE(codesOf(S, T, F.MinPTX).count(FormVersion))
          << describe(S, {T, F.MinPTX});
    }
  }
}

TEST(Tcgen05RowCasesTest, EveryQualifierTargetAndVersion) {
  unsigned Latest = knownPTXVersions().back();
  unsigned Checked = 0;
  for (const QualRule &Q : qualifierRules()) {
    if (Q.Targets == TargetSetId::Any && !Q.MinPTX)
      continue;
    for (Form F : formsIn(Q.Forms)) {
      Words W = with(canonicalWords(F), Q.Spelling);
      // Scale vector sizes belong to .block_scale and a block-scaled kind.
      if (tcgen05QualifierClass(Q.Spelling) == Tcgen05QualClass::ScaleVec)
        W = with(with(W, ".block_scale"), ".kind::mxf4nvf4");
      std::string S = statement(F, W);
      if (Q.Targets != TargetSetId::Any) {
        std::optional<std::string> Out =
            targetWhere(formInfo(F).Targets, Q.Targets, false, Latest);
        std::optional<std::string> In =
            targetWhere(formInfo(F).Targets, Q.Targets, true, Latest);
        ASSERT_TRUE(In) << S;
        if (Out) {
          EXPECT_TRUE(codesOf(S, *Out, Latest).count(QualTarget))
              << describe(S, {*Out, Latest});
          ++Checked;
        }
        EXPECT_FALSE(codesOf(S, *In, Latest).count(QualTarget))
            << describe(S, {*In, Latest});
      }
      if (Q.MinPTX) {
        std::optional<TargetInfo> Info = lookupTarget("sm_100a");
        if (!targetSetContains(formInfo(F).Targets, *Info, Latest) ||
            !targetSetContains(Q.Targets, *Info, Latest) ||
            Q.MinPTX <= Info->MinPTX)
          continue;
        unsigned Before = 0;
        for (unsigned V : knownPTXVersions())
          if (V < Q.MinPTX)
            Before = V;
        EXPECT_TRUE(codesOf(S, "sm_100a", Before).count(QualVersion))
            << describe(S, {"sm_100a", Before});
        EXPECT_FALSE(codesOf(S, "sm_100a", Q.MinPTX).count(QualVersion))
            << describe(S, {"sm_100a", Q.MinPTX});
        ++Checked;
      }
    }
  }
  // The rows with a requirement exist: the loop is not empty by accident.
  EXPECT_GT(Checked, 10u);
}
