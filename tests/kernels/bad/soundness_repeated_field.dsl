# Soundness: a record merged from two values that both carry field k has k twice, and a
# tag assertion must hold for each occurrence (docs/SEMANTICS.md, "Tags"). z's record here
# is (k=0, k=1), so `tag(z[0, j]).k == 0` fails on the second k; a verifier that conjoins
# the occurrences (k == 0 and k == 1: no such record) proves it instead.
kernel soundness_repeated_field(A: f32[2, 32], Z: f32[1, 32]):
    grid (1)
    threads 32
    tag A[r, c] = (k=r)
    x = load A[0 : +1, 0 : +32]
    y = load A[1 : +1, 0 : +32]
    z = x * y
    assert tag(z[0, j]).k == 0  #! error[TAG]
    store Z[0 : +1, 0 : +32], z
