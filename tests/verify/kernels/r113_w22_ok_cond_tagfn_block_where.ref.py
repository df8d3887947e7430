import numpy as np
TEST_SIZES={"M":19,"K":45}
def reference(inputs, sizes):
    y=(inputs["A"].astype(np.float64)@inputs["X"].astype(np.float64)); y[16:]=0
    return {"Y": y.astype(np.float32)}
