# Embedding bag, sum mode: Y[b, :] = sum over l of E[IDS[b, l], :]. Bug: the ids are read as
# IDS[l, b], past IDS's shape when NB > L; the row of E that read names is then any value,
# so E's access is out of bounds too: a consequence, reported under the IDS read
# (new-user round 33 saw it listed first and unmarked).
kernel embbag(IDS: i32[NB, L], E: f32[V, D], Y: f32[NB, D]):
    assume D % 128 == 0 and L >= 1
    assume IDS[b, l] >= 0 and IDS[b, l] < V
    const BD = 128
    grid (NB, D / BD)
    threads 128
    tag E[v, d] = (v=v, d=d)
    tag Y[b, d] = (d=d)
    acc = zeros f32[1, BD]
    for l in range(L):
        e = load E[IDS[l, block.x] : +1, block.y * BD : +BD]  #! error[BOUND]
        acc = acc + e
    store Y[block.x : +1, block.y * BD : +BD], acc
