# Held-out round 81: padding meets a function of finite data outside its domain (log or rsqrt
# of 0.0, sqrt of a negative, a remainder by 0.0, pow of 0.0 to a negative power).
# V[0] = sum over c < C of X[c] * f(W[c]) with f(w) = (x * log(w)); W[c] for c >= C is not used
kernel w_log(X: f32[C], W: f32[64], V: f32[1]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag X[c] = (col=c)
    tag W[c] = (col=c)
    x = load X[0 : +64] masked(fill=0.0)
    w = load W[0 : +64]
    t = sum(reshape(x * log(w), shape=(1, 64)), axis=1)
    store V[0 : +1], t
