#!/usr/bin/env python3
"""Writes a synthetic PTX module of about SIZE megabytes made of many
functions, each shaped like compiler output for a Blackwell GEMM kernel:
declarations, address arithmetic, predicated branches, inline-asm scopes,
.loc lines and tcgen05 instructions, each MMA committed to an mbarrier that
is waited on before its results are read: no finding, so that the
benchmark times checking and not the printing of diagnostics.

usage: gen-module.py SIZE_MB OUT
"""
import sys

HEADER = ".version 9.0\n.target sm_100a\n.address_size 64\n\n.extern .shared .align 16 .b8 smem[];\n\n"


def function(i):
    regs = [f"\t.reg .pred %p<8>;\n\t.reg .b32 %r<200>;\n\t.reg .b64 %rd<40>;\n\t.reg .f32 %f<64>;\n"]
    body = []
    for b in range(6):
        body.append(f"$L__BB{i}_{b}:\n")
        body.append(f"\t.loc 1 {100 + b} 7\n")
        body.append(f"\tld.param.u64 %rd{b}, [k{i}_param_0];\n")
        body.append(f"\tmov.u32 %r{b}, %tid.x;\n")
        body.append(f"\tshl.b32 %r{b + 10}, %r{b}, 4;\n")
        body.append(f"\tadd.s64 %rd{b + 10}, %rd{b}, 128;\n")
        body.append(f"\tsetp.lt.u32 %p{b % 8}, %r{b}, 32;\n")
        body.append(f"\tld.global.nc.v4.f32 {{%f{b}, %f{b + 1}, %f{b + 2}, %f{b + 3}}}, [%rd{b + 10}+16];\n")
        body.append(f"\tfma.rn.f32 %f{b + 8}, %f{b}, %f{b + 1}, %f{b + 2};\n")
        body.append("\t// begin inline asm\n\t{\n\t.reg .pred P1;\n\tsetp.ne.b32 P1, %r1, 0;\n")
        body.append(f"\t@P1 tcgen05.mma.cta_group::1.kind::f16 [%r{b + 20}], %rd{b + 1}, %rd{b + 2}, %r{b + 30}, P1;\n")
        body.append(f"\t@P1 tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%rd{b + 3}];\n\t}}\n\t// end inline asm\n")
        # The MMA's results are read after its commit's mbarrier completes.
        body.append(f"$L__W{i}_{b}:\n")
        body.append(f"\tmbarrier.try_wait.parity.shared::cta.b64 %p7, [%rd{b + 3}], 0;\n")
        body.append(f"\t@!%p7 bra $L__W{i}_{b};\n")
        body.append("\ttcgen05.fence::after_thread_sync;\n")
        body.append(f"\ttcgen05.ld.sync.aligned.32x32b.x4.b32 {{%r{b + 40}, %r{b + 41}, %r{b + 42}, %r{b + 43}}}, [%r{b + 50}];\n")
        body.append("\ttcgen05.wait::ld.sync.aligned;\n")
        body.append(f"\tst.shared.b32 [%r{b + 60}+-4], %r{b + 40};\n")
        body.append(f"\t@!%p{b % 8} bra $L__BB{i}_{(b + 1) % 6};\n")
    return (f".visible .entry k{i}(\n\t.param .u64 k{i}_param_0\n)\n.maxntid 128, 1, 1\n{{\n"
            + "".join(regs) + "".join(body) + "\tret;\n}\n\n")


def main():
    size = float(sys.argv[1]) * 1024 * 1024
    out = open(sys.argv[2], "w")
    out.write(HEADER + ".file 1 \"gemm.cu\"\n\n")
    written, i = 0, 0
    while written < size:
        f = function(i)
        out.write(f)
        written += len(f)
        i += 1
    out.close()


if __name__ == "__main__":
    main()
