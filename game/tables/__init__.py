"""Each seat's table (issue 34): ``base`` the table and its feeders, one module per mode with
what its screens read of its view. Pure: no pygame."""
