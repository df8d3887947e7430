# A slice whose stop lies before its start keeps no element.
kernel negext(X: f32[R, 64], Y: f32[R, 64]):
    grid (R)
    threads 64
    x = load X[block.x : +1, 8 : 4]  #! error[E028]
    store Y[block.x : +1, 0 : +64], x
