import torch
import torch.nn as nn


class Model(nn.Module):
    """
    A 2-D convolution: no template covers it.
    """
    def __init__(self, in_channels, out_channels, kernel_size):
        super(Model, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)

    def forward(self, x):
        return self.conv(x)


batch_size = 16
in_channels = 3
out_channels = 64
kernel_size = 3


def get_inputs():
    return [torch.randn(batch_size, in_channels, 32, 32)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
