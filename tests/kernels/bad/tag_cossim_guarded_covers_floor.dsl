# Buggy sibling of tests/verify/kernels/r42_ok_cossim_guarded_covers.dsl: the column loop runs
# C / BC times, so the column tail is never read; the guarded covers claims catch it.
kernel cossim(A: f32[R, C], B: f32[R, C], O: f32[R]):
    assume R >= 1 and C >= 128
    const BR, BC = 8, 128
    grid ((R + BR - 1) / BR)
    threads 256
    tag A[r, c] = (row=r, col=c)
    tag B[r, c] = (row=r, col=c)
    tag O[r] = (row=r)
    ab = zeros f32[BR]
    aa = zeros f32[BR]
    bb = zeros f32[BR]
    for ct in range(C / BC):
        a = load A[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        b = load B[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        assert tag(a[i, j]).row == tag(b[i, j]).row and tag(a[i, j]).col == tag(b[i, j]).col
        ab = ab + sum(a * b, axis=1)
        aa = aa + sum(a * a, axis=1)
        bb = bb + sum(b * b, axis=1)
    assert block.x * BR + i >= R or covers(tag(ab[i]).col, 0, C)  #! error[TAG]
    assert block.x * BR + i >= R or covers(tag(aa[i]).col, 0, C)  #! error[TAG]
    assert block.x * BR + i >= R or covers(tag(bb[i]).col, 0, C)  #! error[TAG]
    o = ab / maximum(sqrt(aa) * sqrt(bb), 0.00000001)
    store O[block.x * BR : +BR], o masked
