//===- OtherInstructionRulesTest.cpp - Cases generated from the table -----===//
//
// Every row of lib/Sema/OtherInstructions.def generates an instruction that
// must pass and, for each of its rules, a neighbour that breaks that rule
// alone and must fail with the rule's code: editing a row without the
// checker (or the checker without the row) fails here, ptxas or not.

#include "CheckCodes.h"

#include "tcgen05/Basic/Target.h"
#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Sema/OtherInstructionCheck.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

using namespace tcgen05;

namespace {

using Form = OtherInstructionForm;

/// The codes of TC7xxx errors the instruction gets.
std::set<unsigned> codesOf(const std::string &Inst,
                           const std::string &Target = "sm_100a",
                           const std::string &Version = "9.0") {
  return test::checkCodes(
      ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .f32 %f<2>;\n" + Inst, Target,
      Version, 7000, 8000);
}

/// The width the first value of the type slot gives (0: no type slot).
unsigned typeWidth(const Form &F) {
  for (const auto &S : F.Slots)
    if (S.Name == "type")
      return S.Values.front() == ".u64" ? 64 : 32;
  return 0;
}

std::string reg(unsigned Width) { return Width == 64 ? "%rd1" : "%r1"; }

/// A value the operand accepts.
int64_t goodImmediate(const Form::OperandSpec &O) {
  int64_t V = O.Min <= O.Max ? std::max<int64_t>(O.Min, 0) : 5;
  if (O.Step > 0)
    V = (V + O.Step - 1) / O.Step * O.Step;
  if (O.Step == -1)
    for (V = 1; V < O.Min; V *= 2) {
    }
  return V;
}

std::string goodOperand(const Form &F, const Form::OperandSpec &O) {
  switch (O.Kind) {
  case OtherOperandKind::Imm:
    return std::to_string(goodImmediate(O));
  case OtherOperandKind::Reg32OrImm:
  case OtherOperandKind::Video:
  case OtherOperandKind::VideoReg:
  case OtherOperandKind::VideoNeg:
    return "%r1";
  default:
    return reg(typeWidth(F));
  }
}

/// The instruction with its qualifiers (Drop left out, Extra added after
/// the last) and operands (Replace standing for operand Which).
std::string build(const Form &F, int Drop = -1, const std::string &Extra = "",
                  int Which = -1, const std::string &Replace = "",
                  bool OneMore = false, bool AllOptional = false) {
  std::string S = F.Opcode;
  for (size_t K = 0; K < F.Slots.size(); ++K)
    if (static_cast<int>(K) != Drop && F.Slots[K].Required)
      S += F.Slots[K].Values.front();
  S += Extra;
  std::vector<std::string> Ops;
  for (size_t K = 0; K < F.Operands.size(); ++K)
    if (!F.Operands[K].Optional || AllOptional || static_cast<int>(K) == Which)
      Ops.push_back(static_cast<int>(K) == Which
                        ? Replace
                        : goodOperand(F, F.Operands[K]));
  if (OneMore)
    Ops.push_back("%r1");
  for (size_t K = 0; K < Ops.size(); ++K)
    S += (K ? ", " : " ") + Ops[K];
  return S + ";";
}

std::string describe(const Form &F, const std::string &Inst) {
  return F.Name + " (" + F.Section + "): " + Inst;
}

} // namespace

TEST(OtherInstructionRulesTest, TableHasTheInstructionsOfTheSections) {
  std::set<std::string> Names;
  for (const Form &F : otherInstructionForms())
    Names.insert(F.Name);
  EXPECT_EQ(Names, (std::set<std::string>{
                       "stacksave",  "stackrestore", "alloca",       "brkpt",
                       "nanosleep",  "pmevent",      "pmevent.mask", "trap",
                       "setmaxnreg", "vadd",         "vsub",         "vabsdiff",
                       "vmin",       "vmax",         "vshl",         "vshr",
                       "vmad",       "vset",         "vadd2",        "vsub2",
                       "vavrg2",     "vabsdiff2",    "vmin2",        "vmax2",
                       "vset2",      "vadd4",        "vsub4",        "vavrg4",
                       "vabsdiff4",  "vmin4",        "vmax4",        "vset4"}));
}

TEST(OtherInstructionRulesTest, EveryRowPassesAndEachRuleFailsAlone) {
  for (const Form &F : otherInstructionForms()) {
    std::string Good = build(F);
    EXPECT_EQ(codesOf(Good), std::set<unsigned>{}) << describe(F, Good);
    std::string All = build(F, -1, "", -1, "", false, true);
    EXPECT_EQ(codesOf(All), std::set<unsigned>{}) << describe(F, All);

    // Qualifiers: an unknown one, each required one left out, a second
    // value in a slot, the first one moved.
    std::string Bogus = build(F, -1, ".bogus");
    EXPECT_EQ(codesOf(Bogus), std::set<unsigned>{7003}) << describe(F, Bogus);
    for (size_t K = 0; K < F.Slots.size(); ++K) {
      const auto &S = F.Slots[K];
      if (!S.Required)
        continue;
      // Without its variant qualifier the instruction is another row's.
      if (S.Values.front() != F.Variant) {
        std::string Missing = build(F, static_cast<int>(K));
        EXPECT_EQ(codesOf(Missing), std::set<unsigned>{7004})
            << describe(F, Missing);
      }
      std::string Again =
          build(F, -1, S.Values.size() > 1 ? S.Values[1] : S.Values[0]);
      EXPECT_EQ(codesOf(Again),
                S.Repeatable ? std::set<unsigned>{} : std::set<unsigned>{7005})
          << describe(F, Again);
      if (S.First && F.Slots.size() > 1) {
        std::string Moved = build(F, static_cast<int>(K), S.Values.front());
        EXPECT_EQ(codesOf(Moved), std::set<unsigned>{7006})
            << describe(F, Moved);
      }
    }

    // Operands: one too many, and each operand broken in each way its kind
    // allows.
    size_t Required = 0;
    for (const auto &O : F.Operands)
      Required += !O.Optional;
    std::string More = build(F, -1, "", -1, "", true, true);
    EXPECT_EQ(codesOf(More),
              std::set<unsigned>{Required == F.Operands.size() ? 7007u : 7008u})
        << describe(F, More);
    for (size_t K = 0; K < F.Operands.size(); ++K) {
      const auto &O = F.Operands[K];
      int W = static_cast<int>(K);
      auto Expect = [&](const std::string &Replace, unsigned Code) {
        std::string Inst = build(F, -1, "", W, Replace);
        EXPECT_EQ(codesOf(Inst), std::set<unsigned>{Code}) << describe(F, Inst);
      };
      switch (O.Kind) {
      case OtherOperandKind::Imm:
        Expect("%r1", 7009);
        // Past the end, and still a multiple or a power of 2.
        if (O.Min <= O.Max)
          Expect(std::to_string(O.Step == -1
                                    ? O.Max * 2
                                    : O.Max + (O.Step > 0 ? O.Step : 1)),
                 7011);
        if (O.Min > 0)
          Expect(std::to_string(O.Min - (O.Step > 0 ? O.Step : 1)), 7011);
        if (O.Step > 0)
          Expect(std::to_string(goodImmediate(O) + 1), 7012);
        if (O.Step == -1)
          Expect("3", 7013);
        break;
      case OtherOperandKind::Result:
        Expect("7", 7009);
        [[fallthrough]];
      case OtherOperandKind::Typed:
      case OtherOperandKind::TypedOrImm:
        Expect(reg(typeWidth(F) == 64 ? 32 : 64), 7010);
        Expect("%f1", 7010);
        break;
      case OtherOperandKind::Reg32OrImm:
        Expect("%rd1", 7010);
        Expect("%f1", 7010);
        // ptxas checks no range here.
        EXPECT_EQ(codesOf(build(F, -1, "", W, "4294967296")),
                  std::set<unsigned>{});
        break;
      case OtherOperandKind::Video:
      case OtherOperandKind::VideoReg:
      case OtherOperandKind::VideoNeg: {
        Expect("%rd1", 7010);
        Expect("%f1", 7010);
        if (O.Kind == OtherOperandKind::VideoReg)
          Expect("5", 7009);
        else
          EXPECT_EQ(codesOf(build(F, -1, "", W, "5")), std::set<unsigned>{});
        if (O.Kind != OtherOperandKind::VideoNeg)
          Expect("-%r1", 7009);
        // Selectors, in the form with every operand (a selector on d asks
        // for the merge form).
        auto ExpectAll = [&](const std::string &Replace,
                             std::set<unsigned> Codes) {
          std::string Inst = build(F, -1, "", W, Replace, false, true);
          EXPECT_EQ(codesOf(Inst), Codes) << describe(F, Inst);
        };
        if (O.Sel == OtherSelectors::NoSel) {
          ExpectAll("%r1.b0", {7014});
        } else {
          ExpectAll("%r1.b9", {7015});
          ExpectAll("%r1.h7", {7015});
        }
        break;
      }
      }
    }
  }
}

TEST(OtherInstructionRulesTest, RulesBetweenQualifiersAndOperands) {
  auto First = [](const Form &F, const std::string &Slot) {
    for (const auto &S : F.Slots)
      if (S.Name == Slot)
        return S.Values.front();
    return std::string();
  };
  for (const Form &F : otherInstructionForms()) {
    auto Expect = [&](const std::string &Inst, std::set<unsigned> Codes) {
      EXPECT_EQ(codesOf(Inst), Codes) << describe(F, Inst);
    };
    for (OtherRule R : F.Rules)
      switch (R) {
      case OtherRule::SecondaryNeedsC:
        Expect(build(F, -1, First(F, "op2")), {7016});
        Expect(build(F, -1, First(F, "op2"), -1, "", false, true), {});
        break;
      case OtherRule::DestSelMerge:
        Expect(build(F, -1, "", 0, "%r1.h0"), {7018});
        Expect(build(F, -1, "", 0, "%r1.h0", false, true), {});
        Expect(build(F, -1, First(F, "op2"), 0, "%r1.h0", false, true), {7017});
        break;
      case OtherRule::SatNotWithAdd:
        Expect(build(F, -1, ".sat.add"), {7019});
        Expect(build(F, -1, ".sat"), {});
        Expect(build(F, -1, ".add"), {});
        break;
      case OtherRule::PoNotWithNegation:
        Expect(build(F, -1, ".po", 1, "-%r1"), {7020});
        Expect(build(F, -1, "", 1, "-%r1"), {});
        Expect(build(F, -1, ".po"), {});
        break;
      }
    // A type slot narrower than the one before it (vshl's .u32 shift
    // amount) refuses what only the wider one takes.
    for (size_t K = 1; K < F.Slots.size(); ++K) {
      const auto &S = F.Slots[K], &Before = F.Slots[K - 1];
      if (!S.Required || S.Name.find("type") == std::string::npos ||
          Before.Values.size() <= S.Values.size())
        continue;
      for (const std::string &V : Before.Values)
        if (std::find(S.Values.begin(), S.Values.end(), V) == S.Values.end())
          Expect(build(F, static_cast<int>(K), V), {7021});
    }
  }
}

TEST(OtherInstructionRulesTest, TargetsAndVersionsOfEveryRow) {
  for (const Form &F : otherInstructionForms()) {
    std::string Good = build(F);
    // A target below the row's: the oldest one, or a base target where an
    // architecture-specific one is needed.
    if (F.MinSM > 10 || !F.Targets.empty()) {
      std::string Old = !F.Targets.empty() ? "sm_90" : "sm_10";
      EXPECT_EQ(codesOf(Good, Old, "9.0"), std::set<unsigned>{7001})
          << describe(F, Good);
    }
    // The version before the row's.
    unsigned V = 0;
    for (unsigned Known : knownPTXVersions())
      if (Known < F.MinPTX)
        V = Known;
    if (V) {
      std::string Version =
          std::to_string(V / 10) + "." + std::to_string(V % 10);
      std::set<unsigned> Codes = codesOf(Good, "sm_100a", Version);
      EXPECT_TRUE(Codes.count(7002)) << describe(F, Good) << " at " << Version;
    }
  }
}

namespace {

/// ExtraOps: operands more (or fewer) than the row's count; DReg: the
/// accumulator's register name prefix.
std::string wgmma(const WgmmaFragment &W, unsigned N, const std::string &A,
                  const std::string &B, unsigned DRegs, int ARegs,
                  int ExtraOps = 0, const std::string &DReg = "%r") {
  std::string D = "{";
  for (unsigned K = 0; K < DRegs; ++K)
    D += (K ? ", " : "") + DReg + std::to_string(K);
  D += "}";
  std::string AOp = "%rd1";
  if (ARegs >= 0) {
    AOp = "{";
    for (int K = 0; K < ARegs; ++K)
      AOp += (K ? ", %r" : "%r") + std::to_string(K);
    AOp += "}";
  }
  std::string Imms;
  int Ops = static_cast<int>(ARegs >= 0 ? W.RegOps : W.DescOps) + ExtraOps;
  for (int K = 4; K < Ops; ++K)
    Imms += ", 1";
  std::string Quals;
  for (const std::string &Q : W.Required)
    Quals += Q;
  return "wgmma.mma_async" + Quals + ".m64n" + std::to_string(N) + "k" +
         std::to_string(W.K) + W.DType + A + B + " " + D + ", " + AOp +
         ", %rd2" + (Ops > 3 ? ", %p1" : "") + Imms + ";";
}

std::set<unsigned> wgmmaCodes(const std::string &Inst,
                              const std::string &Target = "sm_90a") {
  std::set<unsigned> Out;
  for (unsigned C :
       codesOf(".reg .pred %p<2>;\n.reg .f32 %f<200>;\n" + Inst, Target))
    if (C >= 7200)
      Out.insert(C);
  return Out;
}

} // namespace

// Every row of WgmmaFragments.def: the fragment lengths it gives pass, one
// register more or less fails, an N the row refuses fails, and a type the
// row's k does not take fails.  Operands after B are ptxas's to judge.
TEST(OtherInstructionRulesTest, WgmmaFragmentsOfEveryRow) {
  std::set<std::string> AllTypes;
  for (const WgmmaFragment &W : wgmmaFragments())
    AllTypes.insert(W.ATypes.begin(), W.ATypes.end());
  for (const WgmmaFragment &W : wgmmaFragments()) {
    const std::string &A = W.ATypes.front();
    const std::string &B = W.Same ? A : W.ATypes.back();
    for (unsigned N : {8u, 16u, 24u, 32u, 40u, 48u, 56u, 64u, 128u, 256u}) {
      std::string Good = wgmma(W, N, A, B, N / W.DDiv, -1);
      if (!W.validN(N)) {
        EXPECT_EQ(wgmmaCodes(Good), std::set<unsigned>{7202}) << Good;
        continue;
      }
      EXPECT_EQ(wgmmaCodes(Good), std::set<unsigned>{}) << Good;
      EXPECT_EQ(wgmmaCodes(wgmma(W, N, A, B, N / W.DDiv, 4)),
                std::set<unsigned>{})
          << Good;
      EXPECT_EQ(wgmmaCodes(wgmma(W, N, A, B, N / W.DDiv + 1, -1)),
                std::set<unsigned>{7204})
          << Good;
      EXPECT_EQ(wgmmaCodes(wgmma(W, N, A, B, N / W.DDiv, 3)),
                std::set<unsigned>{7204})
          << Good;
      EXPECT_EQ(wgmmaCodes(Good, "sm_100a"), std::set<unsigned>{7201}) << Good;
      // The operand count with A in shared memory and in registers.
      for (int ARegs : {-1, 4})
        for (int Extra : {-1, 1}) {
          std::string Count = wgmma(W, N, A, B, N / W.DDiv, ARegs, Extra);
          EXPECT_EQ(wgmmaCodes(Count), std::set<unsigned>{7207}) << Count;
        }
      // .f32 registers as the accumulator, where the row allows them.
      std::string Floats = wgmma(W, N, A, B, N / W.DDiv, -1, 0, "%f");
      EXPECT_EQ(wgmmaCodes(Floats),
                W.DFloat ? std::set<unsigned>{} : std::set<unsigned>{7205})
          << Floats;
    }
    for (const std::string &T : AllTypes)
      if (std::find(W.ATypes.begin(), W.ATypes.end(), T) == W.ATypes.end()) {
        bool Elsewhere = false;
        for (const WgmmaFragment &O : wgmmaFragments())
          Elsewhere |=
              O.K == W.K && O.DType == W.DType &&
              std::find(O.ATypes.begin(), O.ATypes.end(), T) != O.ATypes.end();
        if (Elsewhere)
          continue;
        std::string Bad = wgmma(W, 64, T, T, 64 / W.DDiv, -1);
        EXPECT_EQ(wgmmaCodes(Bad), std::set<unsigned>{7203}) << Bad;
      }
  }
}
