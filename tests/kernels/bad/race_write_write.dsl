# Two copies fill one shared row with different thread-value distributions and no
# barrier between: thread t/4 writes element t in the first copy, thread t in the
# second, so two threads write the same address in one barrier interval.
kernel stage_twice(X: f32[N], Y: f32[N], Z: f32[N]):
    assume N % 256 == 0
    const T = 256
    grid (N / T)
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    s = shared f32[T]
    copy s[0 : +T], X[block.x * T : +T] layout copy(vec=4)
    copy s[0 : +T], Y[block.x * T : +T]  #! error[RACE]
    barrier
    x = load s[0 : +T]
    store Z[block.x * T : +T], x
