# A row sum whose loop start is a hole: 0 proves and is right; 1 skips the first column tile
# and is refuted (its range claim); the sketch's reference (row_sum_start.ref.py) checks the
# proved completion's numbers on the simulator too.
kernel row_sum(X: f32[R, C], S: f32[R]):
    assume C % 32 == 0
    grid R
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[1]
    for ct in range(??{1, 0}, C / 32):
        x = load X[block.x : +1, ct * 32 : +32]
        s = s + sum(x, axis=1)
    store S[block.x : +1], s
