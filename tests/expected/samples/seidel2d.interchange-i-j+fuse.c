exit 4
unchanged
