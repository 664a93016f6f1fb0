// Generates a tcgen05 kernel the way a compiler would: each instruction from
// the typed builder, checked for its target before it is printed.  Writes
// the module to the file named by argv[1] for the target argv[2].
#include "tcgen05/Build/Builder.h"
#include "tcgen05/Frontend/CheckBuilt.h"

#include "llvm/Support/SourceMgr.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace tcgen05::build;

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: builder OUT.ptx sm_100a|sm_103a\n");
    return 2;
  }
  BuildTarget T{argv[2], 88};
  Value TAddr = Value::reg("%r1", Type::B32),
        IDesc = Value::reg("%r2", Type::B32);
  Value ADesc = Value::reg("%rd1", Type::B64),
        BDesc = Value::reg("%rd2", Type::B64);
  Value Bar = Value::reg("%rd3", Type::B64),
        Acc = Value::reg("%p1", Type::Pred);
  std::vector<Value> Out;
  for (int I = 0; I < 4; ++I)
    Out.push_back(Value::reg("%f" + std::to_string(I), Type::B32));
  std::vector<Instr> Body{
      alloc(CtaGroup::One, Value::symbol("tmem_slot"), Value::imm(128)),
      fence(FenceKind::AfterThreadSync),
      mma({CtaGroup::One, Kind::F16}, {TAddr, ADesc, BDesc, IDesc, Acc}),
      mma({CtaGroup::One, Kind::MXF8F6F4, false, false, true, ScaleVec::X1},
          {TAddr, ADesc, BDesc, IDesc, Acc, std::nullopt,
           Value::reg("%r3", Type::B32), Value::reg("%r4", Type::B32)}),
      commit({CtaGroup::One}, Bar),
      ld({LdStShape::S32x32b, Num::X4}, Value::vec(Out), TAddr),
      wait(WaitKind::Ld),
      fence(FenceKind::BeforeThreadSync),
      dealloc(CtaGroup::One, TAddr, Value::imm(128)),
      relinquishAllocPermit(CtaGroup::One),
  };
  tcgen05::CollectingDiagnosticConsumer C;
  tcgen05::DiagnosticsEngine Engine(C, tcgen05::DiagnosticOptions());
  llvm::SourceMgr SM;
  for (const Instr &I : Body)
    tcgen05::checkBuilt(I, T, SM, Engine);
  for (const tcgen05::Diagnostic &D : C.Diags)
    std::fprintf(stderr, "%s %s\n", tcgen05::formatDiagCode(D.code()).c_str(),
                 D.Message.c_str());
  if (!C.Diags.empty())
    return 1;

  std::FILE *F = std::fopen(argv[1], "w");
  if (!F)
    return 2;
  std::fprintf(F, ".version 8.8\n.target %s\n.address_size 64\n", argv[2]);
  std::fprintf(F, ".shared .align 16 .b8 tmem_slot[16];\n");
  std::fprintf(F, ".visible .entry k(.param .u32 idesc, .param .u64 a, "
                  ".param .u64 b, .param .u64 bar)\n{\n");
  std::fprintf(F, "\t.reg .pred %%p1;\n\t.reg .b32 %%r<5>;\n\t.reg .b32 "
                  "%%f<4>;\n\t.reg .b64 %%rd<4>;\n");
  std::fprintf(F, "\tld.param.u32 %%r2, [idesc];\n\tld.param.u64 %%rd1, "
                  "[a];\n\tld.param.u64 %%rd2, [b];\n\tld.param.u64 %%rd3, "
                  "[bar];\n\tld.shared.u32 %%r1, [tmem_slot];\n\tsetp.ne.b32 "
                  "%%p1, %%r2, 0;\n\tmov.b32 %%r3, 0;\n\tmov.b32 %%r4, 4;\n");
  for (const Instr &I : Body)
    std::fprintf(F, "\t%s\n", I.str().c_str());
  std::fprintf(F, "\tret;\n}\n");
  std::fclose(F);
  return 0;
}
