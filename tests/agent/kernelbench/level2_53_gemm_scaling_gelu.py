import torch
import torch.nn as nn


class Model(nn.Module):
    """
    Model that performs a GEMM, scaling, and GELU activation.
    """
    def __init__(self, in_features, out_features, scaling_factor):
        super(Model, self).__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scaling_factor = scaling_factor

    def forward(self, x):
        x = self.gemm(x)
        x = x * self.scaling_factor
        x = torch.nn.functional.gelu(x)
        return x


batch_size = 128
in_features = 1024
out_features = 512
scaling_factor = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scaling_factor]
