"""Getting text and pictures out of a case's files: lab documents and radiology images."""
