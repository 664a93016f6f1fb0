"""Writes a kernel whose one loop spans N basic blocks and loses one known
bit of a descriptor per trip, so that its analysis needs about 64 trips
over N blocks.

usage: gen-long-loop.py N OUT
"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write(""".version 9.0
.target sm_100a
.address_size 64

.visible .entry k(.param .u32 runtime)
{
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<4>;
\t.reg .pred %p<2>;
\tld.param.u32 %r1, [runtime];
\tsetp.eq.u32 %p1, %r1, 0;
\tmov.b64 %rd3, 0x03400010;
""")
    for i in range(n):
        f.write(f"$L{i}:\n\tshl.b64 %rd3, %rd3, 1;\n" if i == 0 else
                f"$L{i}:\n\tadd.s32 %r4, %r4, 1;\n")
    f.write("""\t@%p1 bra $L0;
\tcvt.u32.u64 %r2, %rd3;
\ttcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1;
\tmov.b32 %r3, 0x03400010;
\ttcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r3, %p1;
\tret;
}
""")
