"""G'NERTS: a DOS-style card parlor."""

VERSION = "0.1.0"
