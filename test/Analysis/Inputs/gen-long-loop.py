"""Writes a kernel whose one loop spans N basic blocks and passes a value
down a chain of 40 registers, one register per trip, so that its analysis
needs 40 trips over N blocks (widening does not shorten it: each trip
changes a different register).

usage: gen-long-loop.py N OUT
"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
chain = 40
with open(out, "w") as f:
    f.write(""".version 9.0
.target sm_100a
.address_size 64

.visible .entry k(.param .u32 runtime)
{
\t.reg .b32 %r<64>;
\t.reg .b64 %rd<4>;
\t.reg .pred %p<2>;
\tld.param.u32 %r61, [runtime];
\tsetp.eq.u32 %p1, %r61, 0;
""")
    for i in range(1, chain + 1):
        f.write(f"\tmov.b32 %r{i}, 0;\n")
    for i in range(n):
        f.write(f"$L{i}:\n")
        if i < chain - 1:
            f.write(f"\tmov.b32 %r{i + 1}, %r{i + 2};\n")
        elif i == chain - 1:
            f.write(f"\tld.param.u32 %r{chain}, [runtime];\n")
        else:
            f.write("\tadd.s32 %r62, %r62, 1;\n")
    f.write("""\t@%p1 bra $L0;
\tor.b32 %r50, %r1, 0x03400010;
\ttcgen05.mma.cta_group::1.kind::f16 [%r61], %rd1, %rd2, %r50, %p1;
\tmov.b32 %r51, 0x03400010;
\ttcgen05.mma.cta_group::1.kind::f16 [%r61], %rd1, %rd2, %r51, %p1;
\tret;
}
""")
